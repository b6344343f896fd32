import { useState } from 'react';
import { Link } from 'react-router-dom';
import { REASON_HEADER, type Column } from '../../../lib/csv/columns.ts';
import { toCsv } from '../../../lib/csv/write.ts';
import { paths } from '../../../paths.ts';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import { RestoreStatus, UndoConfirm, UndoStatus, useRestore, useUndo } from './Undo.tsx';

/** A row that was not imported: its line, why, and its cells as in the file. */
export interface Failure {
  linha: number;
  motivo: string;
  cells: string[];
}

export interface Outcome {
  state: 'done' | 'cancelled' | 'failed';
  reason?: string | undefined;
  created: number;
  createdCategorias: number;
  skipped: number;
  /** Lines an earlier run of the same import created (a continued import skips them). */
  already?: number;
  failures: Failure[];
}

/**
 * The failed rows as a CSV to fix and import again: the file's columns under `headers` (its own
 * header, or for a file without one the fields its columns were read as, so the fixed file is
 * read by its header), then Motivo (the line and why), which an import never reads.
 */
export function failedRowsCsv(headers: readonly string[], failures: readonly Failure[]): string {
  const columns: Column<Failure, string>[] = headers.map((header, j) => ({
    header,
    synonyms: [],
    format: (f: Failure) => f.cells[j] ?? '',
  }));
  columns.push({ header: REASON_HEADER, synonyms: [], format: (f) => `${f.linha}: ${f.motivo}` });
  return toCsv(columns, [...failures].sort((a, b) => a.linha - b.linha));
}

/** The end of an import: counts, the failed rows (and their CSV), Continuar and Desfazer importação. */
export function Summary(p: { outcome: Outcome; jobId: number | undefined; canResume: boolean; onResume: () => void; failedCsv: () => string; fileName: string }) {
  const { outcome } = p;
  const records = outcome.created + outcome.createdCategorias + (outcome.already ?? 0);
  const { undo, run: runUndo } = useUndo(p.jobId, records);
  const { restore, run: runRestore } = useRestore(p.jobId, records);
  const [asking, setAsking] = useState(false);
  // Undone and not (wholly) restored: the page says so, not that the import was concluded.
  const undone = undo.state === 'done' && restore.state !== 'done';

  const download = async () => {
    const { download: save } = await import('../../../lib/csv/export.ts');
    save(`falhas-${p.fileName.replace(/\.[^.]*$/, '')}.csv`, p.failedCsv());
  };

  return (
    <section className="import-section" aria-labelledby="import-summary">
      <h2 id="import-summary">{CSV_TEXTS.summary.heading}</h2>
      <p role="status" data-testid="import-state">
        {undone ? CSV_TEXTS.summary.undoneStatus : outcome.state === 'cancelled' ? CSV_TEXTS.summary.cancelled : outcome.state === 'failed' ? CSV_TEXTS.progress.failed : CSV_TEXTS.summary.done}
      </p>
      {outcome.state === 'failed' && outcome.reason && <p className="form-alert">{outcome.reason}</p>}
      <ul data-testid="import-summary">
        <li>{CSV_TEXTS.summary.created(outcome.created)}</li>
        {outcome.createdCategorias > 0 && <li>{CSV_TEXTS.summary.createdCategorias(outcome.createdCategorias)}</li>}
        {(outcome.already ?? 0) > 0 && <li>{CSV_TEXTS.summary.already(outcome.already ?? 0)}</li>}
        {outcome.skipped > 0 && <li>{CSV_TEXTS.summary.skipped(outcome.skipped)}</li>}
        <li>{CSV_TEXTS.summary.failed(outcome.failures.length)}</li>
      </ul>
      {outcome.failures.length > 0 && (
        <div className="import-problems">
          <h3>{CSV_TEXTS.summary.failedHeading}</h3>
          <ul aria-label={CSV_TEXTS.summary.failedHeading}>
            {[...outcome.failures]
              .sort((a, b) => a.linha - b.linha)
              .slice(0, 100)
              .map((f) => (
                <li key={f.linha}>
                  {CSV_TEXTS.preview.linha} {f.linha}: {f.motivo}
                </li>
              ))}
          </ul>
          <button type="button" className="btn btn-secondary" onClick={() => void download()}>
            {CSV_TEXTS.summary.download}
          </button>
        </div>
      )}
      {asking ? (
        <UndoConfirm
          label={CSV_TEXTS.summary.undo}
          question={CSV_TEXTS.jobs.undoQuestion(outcome.created + (outcome.already ?? 0), outcome.createdCategorias)}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void runUndo();
          }}
        />
      ) : (
        <div className="form-actions">
          {p.canResume && undo.state === 'idle' && (
            <button type="button" className="btn btn-primary" onClick={p.onResume}>
              {CSV_TEXTS.summary.resume}
            </button>
          )}
          {p.jobId && records > 0 && undo.state !== 'done' && (
            <button type="button" className="btn btn-danger" disabled={undo.state === 'running'} onClick={() => setAsking(true)}>
              {CSV_TEXTS.summary.undo}
            </button>
          )}
          {p.jobId && undo.state === 'done' && restore.state !== 'done' && (
            <button type="button" className="btn btn-primary" disabled={restore.state === 'running'} onClick={() => void runRestore()}>
              {CSV_TEXTS.summary.restore}
            </button>
          )}
          <Link className="btn btn-secondary" to={paths.clientes}>
            {CSV_TEXTS.summary.toList}
          </Link>
        </div>
      )}
      {restore.state === 'idle' && <UndoStatus undo={undo} />}
      <RestoreStatus restore={restore} />
    </section>
  );
}
