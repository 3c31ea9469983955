/**
 * Runs `task` once the page is first idle, at the latest after `timeoutMs`; where the browser has no
 * idle callbacks (Safari), after `fallbackMs`. Returns the cancel function (an effect's cleanup).
 */
export function whenIdle(task: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, fallbackMs);
  return () => clearTimeout(handle);
}
