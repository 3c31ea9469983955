/**
 * The lifecycle actions, and the task runner and HTTP transfers under them, loaded with the first
 * one used rather than in every page's first scripts (the service worker precaches the chunk).
 */
export const loadActions = () => import('./actions');
