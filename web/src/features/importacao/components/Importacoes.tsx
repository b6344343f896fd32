import { useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { Importacao, Pagina } from '@contract';
import { formatDateTime } from '../../../lib/format-date.ts';
import { cursorPageKey } from '../../../lib/paging.ts';
import { CSV_TEXTS } from '../../../texts/csv.ts';
import { IMPORTACOES_PATH } from '../../../api/importacoes.ts';
import { RestoreStatus, UndoConfirm, UndoStatus, useRestore, useUndo } from './Undo.tsx';

const J = CSV_TEXTS.jobs;
type Page = Pagina<Importacao>;

const pageKey = cursorPageKey(IMPORTACOES_PATH);

/**
 * 'Importações' on /clientes/importar: the imports made so far, newest first (the server lists the
 * person's own, and everyone's to an administrator), each with where it stands, 'Continuar' for
 * one that stopped midway and 'Desfazer importação' within its period. Nothing of it lives in the
 * page: a reload, a closed tab or another person find it here.
 */
export function Importacoes({ onResume }: { onResume: (job: Importacao) => void }) {
  const { data, error, size, setSize, mutate } = useSWRInfinite<Page>(pageKey, { revalidateFirstPage: false });
  const itens = data?.flatMap((p) => p.itens) ?? [];
  const more = data !== undefined && data.at(-1)?.cursor != null;
  if (error && !data)
    return (
      <section className="import-section" aria-labelledby="import-jobs">
        <h2 id="import-jobs">{J.heading}</h2>
        <p className="form-alert" role="alert">
          {J.loadFailed}{' '}
          <button type="button" className="btn-link" onClick={() => void mutate()}>
            {J.retry}
          </button>
        </p>
      </section>
    );
  if (!data || itens.length === 0)
    return data ? (
      <section className="import-section" aria-labelledby="import-jobs">
        <h2 id="import-jobs">{J.heading}</h2>
        <p>{J.empty}</p>
      </section>
    ) : null;
  return (
    <section className="import-section" aria-labelledby="import-jobs">
      <h2 id="import-jobs">{J.heading}</h2>
      <p>{J.intro}</p>
      <ul className="import-jobs" aria-label={J.listLabel}>
        {itens.map((job) => (
          <li key={job.id}>
            {/* Its state changed: the list is read again after an undo. */}
            <Job job={job} onResume={() => onResume(job)} onUndone={() => void mutate()} />
          </li>
        ))}
      </ul>
      {more ? (
        <button type="button" className="btn btn-secondary" onClick={() => void setSize(size + 1)}>
          {J.more}
        </button>
      ) : null}
    </section>
  );
}

/** One import: what, who, when, where it stands; Continuar, and Desfazer after a confirmation. */
function Job({ job, onResume, onUndone }: { job: Importacao; onResume: () => void; onUndone: () => void }) {
  const { undo, run } = useUndo(job.id, job.criados + job.categorias, onUndone);
  const { restore, run: runRestore } = useRestore(job.id, job.criados + job.categorias, onUndone);
  const restorable = (job.estado === 'desfeita' || undo.state === 'done') && restore.state !== 'done';
  const [asking, setAsking] = useState(false);
  const quando = formatDateTime(job.criadoEm);
  // The server refuses an undo past its period anyway: the moment the list was shown is enough.
  const [shownAt] = useState(() => Date.now());
  const inTime = shownAt <= Date.parse(job.desfazerAte);
  const undoable = job.estado !== 'desfeita' && inTime && undo.state !== 'done';
  const running = undo.state === 'running';
  return (
    <article className="card import-job" aria-label={J.label(job.arquivo, quando)}>
      <div className="card-head">
        <span className="tag">{J.estado[restore.state === 'done' ? 'concluida' : undo.state === 'done' ? 'desfeita' : job.estado]}</span>
        <h3 className="card-title">{J.title(job.arquivo)}</h3>
      </div>
      <p className="card-meta">{J.meta(job.autor, quando)}</p>
      <p className="card-meta">{J.counts(job.criados, job.total, job.categorias)}</p>
      {job.estado !== 'desfeita' && undo.state !== 'done' && <p className="card-meta">{inTime ? J.undoUntil(formatDateTime(job.desfazerAte)) : J.undoExpired}</p>}
      {asking ? (
        <UndoConfirm
          label={J.undoLabel(job.arquivo)}
          question={J.undoQuestion(job.criados, job.categorias)}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void run();
          }}
        />
      ) : (
        <div className="card-actions">
          {job.estado === 'importando' && undo.state === 'idle' && (
            <button type="button" className="btn btn-primary btn-sm" aria-label={J.resumeLabel(job.arquivo)} onClick={onResume}>
              {J.resume}
            </button>
          )}
          {undoable && (
            <button type="button" className="btn btn-danger-ghost btn-sm" disabled={running} aria-label={J.undoLabel(job.arquivo)} onClick={() => setAsking(true)}>
              {CSV_TEXTS.summary.undo}
            </button>
          )}
          {restorable && (
            <button type="button" className="btn btn-secondary btn-sm" disabled={restore.state === 'running'} aria-label={J.restoreLabel(job.arquivo)} onClick={() => void runRestore()}>
              {J.restore}
            </button>
          )}
        </div>
      )}
      {restore.state === 'idle' && <UndoStatus undo={undo} />}
      <RestoreStatus restore={restore} />
    </article>
  );
}
