import { useEffect, useRef, useState } from 'react';
import type { View } from '../../../lib/clientes-url.ts';
import { notifyError, notifyInfo } from '../../../lib/toast.tsx';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { pagedViewOf } from '../paged.ts';

interface Progress {
  feitos: number;
  total: number | undefined;
}

/**
 * 'Exportar' on the paged list: the view written page by page (a chunk loaded on click), with a
 * progress bar and 'Cancelar' while it runs. Leaving the page cancels it.
 */
export function PagedExport({ view }: { view: View }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ feitos: 0, total: undefined });
    try {
      const m = await import('../../../lib/csv/export.ts');
      const done = await m.exportClientesPaged(pagedViewOf(view), controller.signal, (feitos, total) => setProgress({ feitos, total }));
      if (!done) notifyInfo(LISTAS_TEXTS.csv.exportCanceled);
    } catch {
      if (controller.signal.aborted) notifyInfo(LISTAS_TEXTS.csv.exportCanceled);
      else notifyError(LISTAS_TEXTS.csv.exportFailed);
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  if (!progress)
    return (
      <button type="button" className="btn btn-secondary" onClick={() => void start()}>
        {LISTAS_TEXTS.csv.exportar}
      </button>
    );
  return (
    <div className="export-progress">
      <progress aria-label={LISTAS_TEXTS.csv.exportando} max={progress.total ?? undefined} value={progress.total === undefined ? undefined : progress.feitos} />
      <span className="export-progress-text" role="status">
        {LISTAS_TEXTS.csv.exportProgress(progress.feitos, progress.total)}
      </span>
      <button type="button" className="btn btn-secondary" onClick={() => running.current?.abort()}>
        {LISTAS_TEXTS.csv.cancelar}
      </button>
    </div>
  );
}
