import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { C } from '../../../texts-csv.ts';
import { undoStep } from '../api.ts';
import { categorias, clientes } from '../../../lib/resources.ts';

export interface UndoProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
}

/**
 * 'Desfazer importação': the undo steps one after the other until nothing is left, with how far
 * it got (`records`: what the import is known to have created, for the bar until the server says);
 * `onSettled` after it ended either way.
 */
export function useUndo(jobId: number | undefined, records: number, onSettled?: () => void): { undo: UndoProgress; run: () => Promise<void> } {
  const { mutate } = useSWRConfig();
  const [undo, setUndo] = useState<UndoProgress>({ state: 'idle', done: 0, total: records });
  const run = async () => {
    if (!jobId) return;
    let done = 0;
    setUndo({ state: 'running', done, total: records });
    try {
      for (;;) {
        const step = await undoStep(jobId);
        done += step.excluidos;
        setUndo({ state: 'running', done, total: Math.max(records, done + step.restantes) });
        if (step.restantes === 0) break;
      }
      setUndo({ state: 'done', done, total: done });
    } catch {
      setUndo((u) => ({ ...u, state: 'failed' }));
    }
    void mutate(clientes.path);
    void mutate(categorias.path);
    onSettled?.();
  };
  return { undo, run };
}

/** The undo's bar while it runs, then how it ended. */
export function UndoStatus({ undo }: { undo: UndoProgress }) {
  return (
    <>
      {undo.state === 'running' && (
        <>
          <progress className="import-progress" aria-label={C.summary.undoLabel} max={Math.max(undo.total, 1)} value={undo.done} />
          <p role="status">{C.summary.undoing}</p>
        </>
      )}
      {undo.state === 'done' && <p role="status">{C.summary.undone(undo.done)}</p>}
      {undo.state === 'failed' && (
        <p className="form-alert" role="alert">
          {C.summary.undoFailed}
        </p>
      )}
    </>
  );
}
