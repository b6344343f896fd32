import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import { restoreStep, undoStep } from '../../../api/importacoes.ts';
import { categorias, clientes } from '../../../lib/resources.ts';

/** How far an undo or a restore got; `failures`: the records a restore could not bring back (an undo has none). */
export interface StepProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  failures: string[];
}
export type UndoProgress = StepProgress;
export type RestoreProgress = StepProgress;

/** What one step of an undo or a restore answered, in common terms. */
interface Step {
  done: number;
  failures: string[];
  restantes: number;
}

/**
 * An import's undo or restore: `step` called one after the other until nothing is left, with how
 * far it got (`records`: what the import is known to have created, for the bar until the server
 * says); the lists are read again and `onSettled` runs after it ended either way.
 */
function useSteps(jobId: number | undefined, records: number, step: (jobId: number) => Promise<Step>, onSettled?: () => void): { progress: StepProgress; run: () => Promise<void> } {
  const { mutate } = useSWRConfig();
  const [progress, setProgress] = useState<StepProgress>({ state: 'idle', done: 0, total: records, failures: [] });
  const run = async () => {
    if (!jobId) return;
    let done = 0;
    const failures: string[] = [];
    setProgress({ state: 'running', done, total: records, failures });
    try {
      for (;;) {
        const answer = await step(jobId);
        done += answer.done;
        failures.push(...answer.failures);
        setProgress({ state: 'running', done, total: Math.max(records, done + failures.length + answer.restantes), failures: [...failures] });
        if (answer.restantes === 0) break;
      }
      setProgress({ state: 'done', done, total: done, failures });
    } catch {
      setProgress((p) => ({ ...p, state: 'failed' }));
    }
    void mutate(clientes.path);
    void mutate(categorias.path);
    onSettled?.();
  };
  return { progress, run };
}

const restoreSteps = async (jobId: number): Promise<Step> => {
  const answer = await restoreStep(jobId);
  return { done: answer.restaurados, failures: answer.falhas.map((f) => f.mensagem), restantes: answer.restantes };
};

const undoSteps = async (jobId: number): Promise<Step> => {
  const answer = await undoStep(jobId);
  return { done: answer.excluidos, failures: [], restantes: answer.restantes };
};

/** 'Restaurar importação': the restore steps (100 records a call) until nothing is left. */
export function useRestore(jobId: number | undefined, records: number, onSettled?: () => void): { restore: RestoreProgress; run: () => Promise<void> } {
  const { progress, run } = useSteps(jobId, records, restoreSteps, onSettled);
  return { restore: progress, run };
}

/** 'Desfazer importação': the undo steps until nothing is left. */
export function useUndo(jobId: number | undefined, records: number, onSettled?: () => void): { undo: UndoProgress; run: () => Promise<void> } {
  const { progress, run } = useSteps(jobId, records, undoSteps, onSettled);
  return { undo: progress, run };
}

/** 'Desfazer importação' asked first: how many records it deletes, Cancelar or the undo. */
export function UndoConfirm({ label, question, onCancel, onConfirm }: { label: string; question: string; onCancel: () => void; onConfirm: () => void }) {
  return (
    <div className="confirm-inline" role="group" aria-label={label}>
      <p className="confirm-text">{question}</p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel}>
          {CSV_TEXTS.jobs.undoCancel}
        </button>
        <button type="button" className="btn btn-danger btn-sm" onClick={onConfirm}>
          {CSV_TEXTS.jobs.undoConfirm}
        </button>
      </div>
    </div>
  );
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
