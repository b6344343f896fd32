import { useState } from 'react';
import { notifyError } from '../lib/toast.tsx';
import { LISTAS_TEXTS } from '../texts/listas.ts';

/**
 * 'Exportar': writes what the list shows as a CSV download (the clients' notes read for it). The
 * export code is a chunk of its own, loaded on the first click (the list's initial JS does not carry it).
 */
export function ExportButton<R>({ shown, run }: { shown: readonly R[]; run: (m: typeof import('../lib/csv/export.ts'), shown: readonly R[]) => void | Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await run(await import('../lib/csv/export.ts'), shown);
    } catch {
      notifyError(LISTAS_TEXTS.csv.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary" onClick={() => void onClick()} disabled={busy}>
      {LISTAS_TEXTS.csv.exportar}
    </button>
  );
}
