import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import { restoreStep, undoStep } from '../../../api/importacoes.ts';
import { categorias, clientes } from '../../../lib/resources.ts';

export interface UndoProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
}

/** A restore of an undone import: how far it got, and the records that could not come back. */
export interface RestoreProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  failures: string[];
}

/**
 * 'Restaurar importação': the restore steps one after the other until nothing is left (100 records
 * a call), with how far it got; `onSettled` after it ended either way.
 */
export function useRestore(jobId: number | undefined, records: number, onSettled?: () => void): { restore: RestoreProgress; run: () => Promise<void> } {
  const { mutate } = useSWRConfig();
  const [restore, setRestore] = useState<RestoreProgress>({ state: 'idle', done: 0, total: records, failures: [] });
  const run = async () => {
    if (!jobId) return;
    let done = 0;
    const failures: string[] = [];
    setRestore({ state: 'running', done, total: records, failures });
    try {
      for (;;) {
        const step = await restoreStep(jobId);
        done += step.restaurados;
        failures.push(...step.falhas.map((f) => f.mensagem));
        setRestore({ state: 'running', done, total: Math.max(records, done + failures.length + step.restantes), failures: [...failures] });
        if (step.restantes === 0) break;
      }
      setRestore({ state: 'done', done, total: done, failures });
    } catch {
      setRestore((r) => ({ ...r, state: 'failed' }));
    }
    void mutate(clientes.path);
    void mutate(categorias.path);
    onSettled?.();
  };
  return { restore, run };
}

/** The restore's bar while it runs, then how it ended (with what could not come back). */
export function RestoreStatus({ restore }: { restore: RestoreProgress }) {
  return (
    <>
      {restore.state === 'running' && (
        <>
          <progress className="import-progress" aria-label={CSV_TEXTS.summary.restoreLabel} max={Math.max(restore.total, 1)} value={restore.done} />
          <p role="status">{CSV_TEXTS.summary.restoring(restore.done, restore.total)}</p>
        </>
      )}
      {restore.state === 'done' && <p role="status">{CSV_TEXTS.summary.restored(restore.done)}</p>}
      {restore.state !== 'idle' && restore.failures.length > 0 && (
        <ul className="import-problems" aria-label={CSV_TEXTS.summary.restoreFailures}>
          {restore.failures.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      {restore.state === 'failed' && (
        <p className="form-alert" role="alert">
          {CSV_TEXTS.summary.restoreFailed}
        </p>
      )}
    </>
  );
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
          <progress className="import-progress" aria-label={CSV_TEXTS.summary.undoLabel} max={Math.max(undo.total, 1)} value={undo.done} />
          <p role="status">{CSV_TEXTS.summary.undoing}</p>
        </>
      )}
      {undo.state === 'done' && <p role="status">{CSV_TEXTS.summary.undone(undo.done)}</p>}
      {undo.state === 'failed' && (
        <p className="form-alert" role="alert">
          {CSV_TEXTS.summary.undoFailed}
        </p>
      )}
    </>
  );
}
