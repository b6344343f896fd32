import { T } from '../texts.ts';

/** "12 resultados" / "3 de 12 resultados", or the no-match line, announced politely. */
export function ResultCount({ shown, total, query }: { shown: number; total: number; query: string }) {
  return (
    <p className="result-count" role="status" aria-live="polite">
      {query && shown === 0 ? T.common.semResultados(query) : T.common.resultados(shown, total)}
    </p>
  );
}
