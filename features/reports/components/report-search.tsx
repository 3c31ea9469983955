'use client';
import { useTranslations } from 'next-intl';
import { SearchIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { LocalForm } from '@/components/forms/local-form';

/** SPEC §2: the search text is kept in local storage under this key. */
const TEXT_FILTER_KEY = 'textFilter';
/** SPEC §9: search debounce. */
const SEARCH_DEBOUNCE_MS = 500;

function readTextFilter(): string {
  try {
    return localStorage.getItem(TEXT_FILTER_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeTextFilter(text: string) {
  try {
    if (text) localStorage.setItem(TEXT_FILTER_KEY, text);
    else localStorage.removeItem(TEXT_FILTER_KEY);
  } catch {
    // Storage blocked: the text still works for this visit.
  }
}

export interface TextFilter {
  /** what the box shows */
  text: string;
  /** what the list is filtered by: the text once typing paused for 500 ms (blank at once) */
  query: string;
  /** the text differs from the query: the debounce is running */
  searching: boolean;
  setText: (text: string) => void;
  /** applies the text at once (Enter) */
  applyNow: () => void;
}

/**
 * The search text, restored from local storage (the list mounts after hydration, so reading it
 * while rendering is safe), saved as typed, and applied after the debounce.
 */
export function useTextFilter(): TextFilter {
  const [text, setTextState] = useState(readTextFilter);
  const [applied, setApplied] = useState(text);
  const blank = text.trim() === '';

  useEffect(() => {
    if (blank || text === applied) return;
    const timer = setTimeout(() => setApplied(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, blank]);

  const setText = useCallback((next: string) => {
    setTextState(next);
    writeTextFilter(next);
    // Clearing the box shows the whole list at once; there is nothing to wait for.
    if (next.trim() === '') setApplied('');
  }, []);
  const applyNow = useCallback(() => setApplied(text), [text]);

  const query = blank ? '' : applied;
  return { text, query, searching: !blank && text.trim() !== applied.trim(), setText, applyNow };
}

export function ReportSearch({ filter }: { filter: TextFilter }) {
  const t = useTranslations('reports.search');
  return (
    <LocalForm className="relative min-w-0 flex-1" role="search">
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        name="search"
        value={filter.text}
        onChange={(e) => filter.setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') filter.applyNow();
        }}
        placeholder={t('placeholder')}
        aria-label={t('label')}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        className="ps-10 pe-11 [&::-webkit-search-cancel-button]:hidden"
        data-testid="report-search"
      />
      {filter.text && (
        <button
          type="button"
          onClick={() => filter.setText('')}
          className="absolute end-0 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
          aria-label={t('clear')}
        >
          <XIcon className="size-5" aria-hidden />
        </button>
      )}
    </LocalForm>
  );
}
