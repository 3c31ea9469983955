'use client';
import { useEffect, useRef, useState } from 'react';
import { holdReportEditor, type EditorState } from '@/lib/local-data/report-editor';

/** Whether this tab edits the report, or another tab does (lib/local-data/report-editor.ts). */
export function useReportEditor(reportId: number) {
  // Editing until the lock says otherwise: the answer comes within a few milliseconds of opening.
  const [state, setState] = useState<EditorState>('editing');
  const hold = useRef<ReturnType<typeof holdReportEditor> | null>(null);
  useEffect(() => {
    const h = holdReportEditor(reportId, setState);
    hold.current = h;
    return () => {
      hold.current = null;
      h.leave();
    };
  }, [reportId]);
  return { state, takeOver: () => hold.current?.takeOver() };
}
