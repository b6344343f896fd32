import type { ReactNode } from 'react';
import { T } from '../texts.ts';
import { Badge, SearchIcon } from './icons.tsx';

/**
 * "12 resultados" / "3 de 12 resultados", or, when the filter matches nothing, a no-results panel
 * with 'Limpar filtro'. The status line stays the same DOM node in both states, so screen readers
 * announce every change of it (a live region mounted with its text is often not read). `extra`
 * (the client list's totals) is announced with the count, politely.
 */
export function ResultStatus({ shown, total, query, onClear, extra }: { shown: number; total: number; query: string; onClear: () => void; extra?: ReactNode }) {
  const noMatch = query !== '' && shown === 0;
  return (
    <div className={noMatch ? 'result-status no-results' : 'result-status'}>
      {noMatch && (
        <Badge className="empty-icon" icon={<SearchIcon size={28} />} />
      )}
      <p className="result-count" role="status" aria-live="polite">
        {noMatch ? (
          T.common.noResults(query)
        ) : extra ? (
          <>
            <span className="result-shown">{T.common.results(shown, total)}</span>
            {extra}
          </>
        ) : (
          T.common.results(shown, total)
        )}
      </p>
      {noMatch && (
        <>
          <p className="no-results-hint">{T.common.noResultsHint}</p>
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            {T.common.clearFilter}
          </button>
        </>
      )}
    </div>
  );
}
