/** SPEC §9: toasts for ready, submitted and errors last 5 s. */
export const LONG_TOAST_MS = 5000;
