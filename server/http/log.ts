/**
 * The server log: one JSON object per line and event. Values a client chose (a
 * username, a tablet name, a path) travel as JSON strings, so a line break or a forged "[submit]" in
 * them stays inside their field and can never start a line of its own.
 */
import type { Logger } from './errors';

type Level = 'info' | 'warn' | 'error';

function errorFields(e: Error): Record<string, unknown> {
  return { name: e.name, message: e.message, stack: e.stack };
}

/** A Logger writing `{"time","level","msg",…fields}` lines; an object argument adds its fields, an Error its message and stack. */
export function jsonLogger(
  write: (level: Level, line: string) => void = (level, line) => (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`),
  now: () => Date = () => new Date(),
): Logger {
  const at =
    (level: Level) =>
    (...args: unknown[]): void => {
      const [first, ...rest] = args;
      const entry: Record<string, unknown> = { time: now().toISOString(), level, msg: typeof first === 'string' ? first : String(first) };
      const extra: unknown[] = [];
      for (const a of first instanceof Error ? [first, ...rest] : rest) {
        if (a instanceof Error) entry.error = errorFields(a);
        else if (a && typeof a === 'object' && !Array.isArray(a)) {
          for (const [k, v] of Object.entries(a as Record<string, unknown>)) if (!(k in entry)) entry[k] = v;
        } else extra.push(a);
      }
      if (extra.length) entry.args = extra;
      let line: string;
      try {
        line = JSON.stringify(entry);
      } catch {
        line = JSON.stringify({ time: entry.time, level, msg: entry.msg, note: 'fields could not be written' });
      }
      write(level, line);
    };
  return { info: at('info'), warn: at('warn'), error: at('error') } as Logger;
}
