import type { Pagina } from '@contract';

/**
 * useSWRInfinite's key for an API list read in pages (`Pagina`): the first page at `path`, each
 * next one with the previous page's cursor, none after a page without one.
 */
export const cursorPageKey =
  (path: string) =>
  (index: number, previous: Pagina<unknown> | null): string | null => {
    if (index === 0 || !previous) return path;
    if (previous.cursor === null) return null;
    return `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(previous.cursor)}`;
  };
