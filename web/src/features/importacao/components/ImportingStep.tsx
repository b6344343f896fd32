import { CSV_TEXTS } from '../../../texts/csv.ts';

/** The client import on its way: a progress bar over the rows sent, and Cancelar (which stops after the batch in flight). */
export function ImportingStep({ progress, cancelling, onCancel }: { progress: { done: number; total: number }; cancelling: boolean; onCancel: () => void }) {
  return (
    <section className="import-section" aria-labelledby="import-progress">
      <h2 id="import-progress">{CSV_TEXTS.progress.heading}</h2>
      <progress className="import-progress" aria-label={CSV_TEXTS.progress.label} max={Math.max(progress.total, 1)} value={progress.done} />
      <p role="status">{cancelling ? CSV_TEXTS.progress.cancelling : CSV_TEXTS.progress.status(progress.done, progress.total)}</p>
      <button type="button" className="btn btn-secondary" disabled={cancelling} onClick={onCancel}>
        {CSV_TEXTS.progress.cancel}
      </button>
    </section>
  );
}
