import type { ReactNode } from 'react';
import { APP_TEXTS } from '../texts/app.ts';
import { Badge } from './icons.tsx';
import { SearchIcon } from './icons-pages.tsx';

/**
 * Filters a list has beside its text query (the client list's chips and Só VIP): `active` when
 * any is on; then the way out names them all (`clearLabel`, and `onClear` clears them too), and a
 * view they empty says so with `noMatch` and `hint`.
 */
export interface MoreFilters {
  active: boolean;
  clearLabel: string;
  noMatch: string;
  hint: string;
}

/**
 * "12 resultados" / "3 de 12 resultados", or, when the filters match nothing, a no-results panel
 * with 'Limpar filtro'. The status line stays the same DOM node in both states, so screen readers
 * announce every change of it (a live region mounted with its text is often not read). `extra`
 * (the client list's totals) is announced with the count, politely. With `more`, any filter on
 * (text, chips, Só VIP) gets its way out: the no-results panel, or a 'Limpar filtros' beside the count.
 */
export function ResultStatus(p: { shown: number; total: number; query: string; onClear: () => void; extra?: ReactNode; more?: MoreFilters }) {
  const { shown, total, query, onClear, extra, more } = p;
  const filtering = query !== '' || Boolean(more?.active);
  const noMatch = filtering && shown === 0;
  const clearLabel = more ? more.clearLabel : APP_TEXTS.common.clearFilter;
  const onlyMore = query === '' && more !== undefined;
  return (
    <div className={noMatch ? 'result-status no-results' : more && filtering ? 'result-status can-clear' : 'result-status'}>
      {noMatch && (
        <Badge className="empty-icon" icon={<SearchIcon size={28} />} />
      )}
      <p className="result-count" role="status" aria-live="polite">
        {noMatch ? (
          onlyMore ? more.noMatch : APP_TEXTS.common.noResults(query)
        ) : extra ? (
          <>
            <span className="result-shown">{APP_TEXTS.common.results(shown, total)}</span>
            {extra}
          </>
        ) : (
          APP_TEXTS.common.results(shown, total)
        )}
      </p>
      {noMatch ? (
        <>
          <p className="no-results-hint">{more?.active ? more.hint : APP_TEXTS.common.noResultsHint}</p>
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            {clearLabel}
          </button>
        </>
      ) : more && filtering ? (
        <button type="button" className="btn-link result-clear" onClick={onClear}>
          {clearLabel}
        </button>
      ) : null}
    </div>
  );
}
