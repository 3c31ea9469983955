/** The localStorage key of the signed-in user (also read by the inline early-requests script). */
export const SESSION_KEY = 'user';
