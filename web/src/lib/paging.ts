import type { Pagina } from '@contract';
import { ApiRequestError } from '../api/http.ts';
import { LIST_PAGED_ABOVE } from '../config.ts';
import { useResumo } from './resources.ts';

/** The path of the page after `cursor` of the list read at `path`. */
export const pageAfter = (path: string, cursor: string): string => `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

/**
 * useSWRInfinite's key for an API list read in pages (`Pagina`): the first page at `path`, each
 * next one with the previous page's cursor, none after a page without one (nor at all without a
 * `path`).
 */
export const cursorPageKey =
  (path: string | null) =>
  (index: number, previous: Pagina<unknown> | null): string | null => {
    if (path === null) return null;
    if (index === 0 || !previous) return path;
    if (previous.cursor === null) return null;
    return pageAfter(path, previous.cursor);
  };

/**
 * Whether a list reads the paged form: from the portfolio's count (GET /resumo, one read whatever
 * the size); undefined while it loads. A failed count keeps the spec's whole list.
 */
export function usePagedList(): boolean | undefined {
  const { data, error } = useResumo();
  if (data) return data.clientes > LIST_PAGED_ABOVE;
  return error ? false : undefined;
}

/** A 413 from the whole list (it outgrew Lambda's answer before the count said so): page instead. */
export const tooLarge = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 413;
