import { useEffect, useRef, useState } from 'react';
import type { View } from '../../../lib/clientes-url.ts';
import { notifyError, notifyInfo } from '../../../lib/toast.tsx';
import { L } from '../../../texts-listas.ts';
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
      if (!done) notifyInfo(L.csv.exportCanceled);
    } catch {
      if (controller.signal.aborted) notifyInfo(L.csv.exportCanceled);
      else notifyError(L.csv.exportFailed);
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  if (!progress)
    return (
      <button type="button" className="btn btn-secondary" onClick={() => void start()}>
        {L.csv.exportar}
      </button>
    );
  return (
    <div className="export-progress">
      <progress aria-label={L.csv.exportando} max={progress.total ?? undefined} value={progress.total === undefined ? undefined : progress.feitos} />
      <span className="export-progress-text" role="status">
        {L.csv.exportProgress(progress.feitos, progress.total)}
      </span>
      <button type="button" className="btn btn-secondary" onClick={() => running.current?.abort()}>
        {L.csv.cancelar}
      </button>
    </div>
  );
}
