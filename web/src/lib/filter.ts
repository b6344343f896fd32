import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { fold } from './sort-key.ts';

/** What the filter field needs: its text, the Buscar action and a ref to refocus it. */
export interface FilterField {
  draft: string;
  setDraft: (value: string) => void;
  apply: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * Case- and accent-insensitive substring filter. `draft` is what the field shows; it becomes the
 * applied query only on `apply` (Buscar/Enter), as the spec asks. `clear` empties both and puts
 * the user back in the field (`inputRef`): the button that called it goes away with the panel.
 * Texts are folded once per data load, so a search over 10,000 records is one pass of `includes`.
 * `textOf` must be stable (module level). With `compact`, a query with a digit also matches
 * without its punctuation (`12.345.678/0001-95` finds a CNPJ stored as `12345678000195`).
 */
export function useFoldedFilter<T>(items: readonly T[] | undefined, textOf: (item: T) => string, compact = false) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const folded = useMemo(() => (items ? items.map((i) => fold(textOf(i))) : []), [items, textOf]);
  const filtered = useMemo(() => {
    if (!items) return [];
    const q = fold(query.trim());
    if (!q) return items;
    const bare = compact && /\d/.test(q) ? q.replace(/[\s./-]/g, '') : q;
    return items.filter((_, i) => folded[i]!.includes(q) || folded[i]!.includes(bare));
  }, [items, folded, query, compact]);
  const apply = useCallback(() => setQuery(draft), [draft]);
  const clear = useCallback(() => {
    setDraft('');
    setQuery('');
    inputRef.current?.focus();
  }, []);
  return { draft, setDraft, query: query.trim(), apply, clear, filtered, inputRef };
}
