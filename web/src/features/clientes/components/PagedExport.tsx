import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { EXPORT_TO_FILE_ABOVE } from '../../../config.ts';
import type { View } from '../../../lib/clientes-url.ts';
import { canWriteFile, fileName, fileSink } from '../../../lib/csv/sink.ts';
import { useResumo } from '../../../lib/resources.ts';
import { notifyError, notifyInfo } from '../../../lib/toast.tsx';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { cachedTotais, pagedViewOf } from '../paged.ts';
import { holdReadAhead, readAheadStore } from '../read-ahead-store.ts';

interface Progress {
  feitos: number;
  total: number | undefined;
}

/**
 * 'Exportar' on the paged list: the view written into one file (a chunk loaded on click: from the
 * whole list up to EXPORT_WHOLE_LIST_MAX clients, else, or for a view small against the portfolio
 * (its count from the list's first page), page by page), with a progress bar and
 * 'Cancelar' while it runs. Leaving the page cancels it. Above
 * EXPORT_TO_FILE_ABOVE clients, where the browser can, the file is written where the person
 * chooses as it goes (lib/csv/sink.ts); otherwise it is downloaded.
 */
export function PagedExport({ view }: { view: View }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const running = useRef<AbortController | null>(null);
  const { data: resumo } = useResumo();
  const { cache } = useSWRConfig();
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    // The picker first: it needs the click's gesture, before anything is awaited.
    const toFile = canWriteFile() && (resumo?.clientes ?? 0) > EXPORT_TO_FILE_ABOVE;
    const chosen = toFile ? fileSink(fileName('clientes')) : undefined;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ feitos: 0, total: undefined });
    // The list's reading ahead waits: the export has the server to itself.
    const release = holdReadAhead(readAheadStore(cache));
    try {
      const sink = await chosen;
      // The picker closed: nothing to write.
      if (sink === null) return;
      const m = await import('../../../lib/csv/export.ts');
      // The count unknown yet: page by page, which serves every size.
      const clientes = resumo?.clientes ?? Number.POSITIVE_INFINITY;
      const paged = pagedViewOf(view);
      const done = await m.exportClientesView(paged, clientes, controller.signal, (feitos, total) => setProgress({ feitos, total }), sink, cachedTotais(cache, paged)?.clientes);
      if (!done) notifyInfo(LISTAS_TEXTS.csv.exportCanceled);
    } catch {
      if (controller.signal.aborted) notifyInfo(LISTAS_TEXTS.csv.exportCanceled);
      else notifyError(LISTAS_TEXTS.csv.exportFailed);
    } finally {
      release();
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
