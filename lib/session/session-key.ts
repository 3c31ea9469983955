/** The localStorage key of the signed-in user. */
export const SESSION_KEY = 'user';
