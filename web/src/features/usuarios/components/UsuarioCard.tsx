import { useEffect, useId, useRef, useState } from 'react';
import { Badge, UsersIcon } from '../../../components/icons.tsx';
import { ButtonSpinner } from '../../../components/Spinner.tsx';
import { reasonOf } from '../../../api/http.ts';
import { useSession } from '../../../lib/session.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { AUTH_TEXTS } from '../../../texts/auth.ts';
import { useUsuarioActions, type Usuario, type UsuarioAction } from '../hooks.ts';

const U = AUTH_TEXTS.usuarios;
const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

/** The actions that take something away ask first. */
const CONFIRM: Partial<Record<UsuarioAction, (email: string) => string>> = U.confirms;

/**
 * What can be done to `u` now; nothing to oneself (one's own access is never taken away nor given
 * back here; one's own password and authenticator are in Minha conta).
 */
function actionsFor(u: Usuario, self: boolean): UsuarioAction[] {
  const list: UsuarioAction[] = [];
  if (self) return list;
  if (u.status === 'FORCE_CHANGE_PASSWORD') list.push('resend');
  else list.push('reset', 'resetMfa');
  list.push(u.ativo ? 'disable' : 'enable', u.admin ? 'unmakeAdmin' : 'makeAdmin', 'remove');
  return list;
}

/** A user: e-mail, status, enabled, admin, created; and the actions, destructive ones after a confirmation. */
export function UsuarioCard({ usuario: u }: { usuario: Usuario }) {
  const session = useSession();
  const self = session.status === 'signedIn' && session.user.email === u.email;
  const actions = useUsuarioActions();
  const [asking, setAsking] = useState<UsuarioAction>();
  const [busy, setBusy] = useState<UsuarioAction>();
  const questionId = useId();
  const question = useRef<HTMLParagraphElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  // The question takes the focus; after it, the actions do (never on the first render).
  const asked = useRef(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (asked.current) first.current?.focus();
    asked.current = asking !== undefined;
  }, [asking]);

  const run = async (action: UsuarioAction) => {
    setAsking(undefined);
    setBusy(action);
    try {
      await actions.act(action, u.email);
      notifySuccess(U.done[action](u.email));
    } catch (err) {
      notifyError(U.failed.action, reasonOf(err));
    }
    setBusy(undefined);
  };
  const press = (action: UsuarioAction) => (CONFIRM[action] ? setAsking(action) : void run(action));
  const yesNo = (v: boolean) => (v ? U.yes : U.no);
  const danger = (a: UsuarioAction) => a === 'remove' || a === 'disable';

  return (
    <article className="card usuario-card">
      <div className="card-head">
        <Badge className="card-badge badge-folder" icon={<UsersIcon size={20} />} />
        <h2 className="card-title">
          <span className="ident" title={u.email}>
            {u.email}
          </span>
          {self ? <span className="card-note"> ({U.you})</span> : null}
        </h2>
      </div>
      <dl className="card-fields">
        <div>
          <dt>{U.status}</dt>
          <dd>{U.statuses[u.status] ?? u.status}</dd>
        </div>
        <div>
          <dt>{U.ativo}</dt>
          <dd>{yesNo(u.ativo)}</dd>
        </div>
        <div>
          <dt>{U.admin}</dt>
          <dd>{yesNo(u.admin)}</dd>
        </div>
        <div>
          <dt>{U.criadoEm}</dt>
          <dd>{u.criadoEm ? dateFormat.format(new Date(u.criadoEm)) : '—'}</dd>
        </div>
      </dl>
      {asking ? (
        <div className="usuario-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId} ref={question} tabIndex={-1}>
            {CONFIRM[asking]!(u.email)}
          </p>
          <div className="card-actions">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAsking(undefined)}>
              {AUTH_TEXTS.common.cancel}
            </button>
            <button type="button" className={`btn btn-sm ${danger(asking) ? 'btn-danger' : 'btn-primary'}`} onClick={() => void run(asking)}>
              {AUTH_TEXTS.common.confirm}
            </button>
          </div>
        </div>
      ) : (
        <div className="card-actions usuario-actions" role="group" aria-label={U.actionsLabel(u.email)}>
          {actionsFor(u, self).map((a, i) => (
            <button
              key={a}
              ref={i === 0 ? first : undefined}
              type="button"
              className={`btn btn-sm ${danger(a) ? 'btn-danger-ghost' : 'btn-secondary'}`}
              disabled={busy !== undefined}
              aria-label={U.actionLabel(U.actions[a], u.email)}
              onClick={() => press(a)}
            >
              {busy === a ? <ButtonSpinner /> : null}
              {U.actions[a]}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
