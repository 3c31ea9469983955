'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How many of its own recent values a field recognises when the store echoes them back late. */
const ECHOES = 64;

/**
 * A text field that owns its text while it is edited. What the inspector types
 * shows from the field's own state at once and is handed to `store`; the stored value, which comes
 * back a render later (or deferred), never rewrites the field with older text. A stored value the
 * field did not send (another tab, a restore) replaces the text only while the field is not being
 * edited, so a keystroke or a composition (IME) in progress is never overwritten.
 */
export function useOwnedText(stored: string, store: (text: string) => void) {
  const [text, setText] = useState(stored);
  const sent = useRef<string[]>([]);
  const editing = useRef(false);
  const latest = useRef(store);
  useEffect(() => {
    latest.current = store;
  }, [store]);

  useEffect(() => {
    if (editing.current) return;
    if (sent.current.includes(stored)) {
      // The store caught up with the last text typed: older echoes can no longer arrive.
      if (sent.current[sent.current.length - 1] === stored) sent.current = [stored];
      return;
    }
    sent.current = [];
    setText(stored);
  }, [stored]);

  const onChange = useCallback((e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = e.target.value;
    setText(next);
    sent.current.push(next);
    if (sent.current.length > ECHOES) sent.current.shift();
    latest.current(next);
  }, []);
  const onFocus = useCallback(() => {
    editing.current = true;
  }, []);
  const onBlur = useCallback(() => {
    editing.current = false;
  }, []);
  return { value: text, onChange, onFocus, onBlur };
}
