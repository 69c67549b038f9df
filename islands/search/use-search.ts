import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { useRouter } from '../app/router.ts';
import { useSettled } from '../lib/use-settled.ts';
import { searchApi, searchKeys } from '../lib/api/search.ts';

/** Search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** An answer remembers the query it answers, so its texts never name a newer one. */
export interface SearchAnswer {
  q: string;
  songs: SongDto[];
}

const addressQuery = () => new URLSearchParams(window.location.search).get('q') ?? '';

/**
 * The box's text and its debounced copy, kept in the address as `?q=` (replacing the history
 * entry, so reload and Back return to it). The address is read after hydration: the server
 * renders the page without it. What was typed into the server's box before hydration wins.
 */
export function useSearchText(box: RefObject<HTMLInputElement | null>) {
  const { replace } = useRouter();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useSettled(text, SEARCH_DEBOUNCE_MS);
  const [ready, setReady] = useState(false);

  useLayoutEffect(() => {
    const initial = box.current?.value || addressQuery();
    setText(initial);
    setDebounced(initial);
    setReady(true);
  }, [box, setDebounced]);

  useEffect(() => {
    if (!ready || addressQuery() === debounced) return;
    replace(debounced ? `/search?${new URLSearchParams({ q: debounced })}` : '/search');
  }, [ready, debounced, replace]);

  // The keyboard's Search key (Enter) runs the search without waiting out the debounce.
  const flush = useCallback(() => setDebounced(text), [text, setDebounced]);
  return { text, setText, flush, term: debounced.trim() };
}

/**
 * Results keyed by the debounced, trimmed term, so an older answer arriving late lands in its
 * own cache entry and is never shown for a newer term. While the next answer is on its way the
 * last one stays up (marked as placeholder); the caller unmounts this hook's component while
 * the box is empty, so a new search starts without the old hits.
 */
export function useSearchResults(term: string) {
  return useQuery({
    queryKey: searchKeys.songs(term),
    queryFn: async ({ signal }): Promise<SearchAnswer> => {
      const answer = await searchApi.songs(term, signal);
      return { q: term, songs: answer.songs };
    },
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
}
