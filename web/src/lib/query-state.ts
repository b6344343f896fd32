/**
 * The URL query as a page's state (the lists' views, the agenda's filters): apart from the view's
 * URL (clientes-url.ts), which the home's chart links build too, so the home does not load it.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** A change of the query, made from the latest one asked for. */
export type QueryUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * The URL query as state: each change is a history entry (Back and Forward walk through views).
 * A change builds on the query last asked for, not on the last render: a navigation renders in a
 * transition, and a second click before it lands (a chip, then the sort) must not undo the first.
 * useLocation and useNavigate only: react-router's useSearchParams would add its code to the
 * initial JavaScript (the libraries share one chunk).
 */
export function useQueryState(): [URLSearchParams, (update: QueryUpdate) => void] {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // The queries asked for and not landed yet; the last one is what a change builds on.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(search);
    // One of ours landed: those asked after it are still on their way. Anything else (Back,
    // Forward, a link) replaces them all.
    pending.current = at >= 0 ? pending.current.slice(at + 1) : [];
  }, [search]);
  const set = useCallback(
    (update: QueryUpdate) => {
      const s = update(new URLSearchParams(pending.current.at(-1) ?? search)).toString();
      const next = s ? `?${s}` : '';
      pending.current.push(next);
      // The page's state goes along (a view change is not leaving the page: the Desfazer bar stays).
      void navigate({ search: next }, { state });
    },
    [navigate, search, state],
  );
  return [params, set];
}
