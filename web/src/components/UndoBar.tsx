import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Tipo } from '@contract';
import { CloseIcon } from './icons.tsx';
import { ButtonSpinner } from './Spinner.tsx';
import { reasonOf } from '../lib/api-client.ts';
import { notifyError, notifyInfo, notifySuccess } from '../lib/toast.tsx';
import { T } from '../texts.ts';
import { useLixeiraActions } from '../lib/lixeira.ts';

/** What a delete page hands to the list it goes back to: the record just deleted. */
export interface Excluido {
  tipo: Tipo;
  id: number;
  nome: string;
}

/** A delete as the history state carries it: `vez` tells this delete from any other (history state outlives a reload). */
interface Exclusao extends Excluido {
  vez: number;
}

/** Deletes whose bar was used or dismissed: the history entries of the list's other views carry them too. */
const settled = new Set<number>();

/** The navigation state a delete leaves for the list page (read by UndoBar). */
export const undoState = (excluido: Excluido): { excluido: Exclusao } => ({ excluido: { ...excluido, vez: Date.now() + Math.random() } });

/**
 * "Cliente excluído. Desfazer" on a list page after a delete: it stays until it is used,
 * dismissed, or the page is left. It lives in the history state of the list's entries (the
 * list's own view changes carry it along: lib/clientes-url.ts), so it never comes back on another
 * visit, and once used or dismissed it shows in none of them. Desfazer restores the record with
 * its id; the list shows it where it was.
 */
export function UndoBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const actions = useLixeiraActions();
  const [busy, setBusy] = useState(false);
  const excluido = (location.state as { excluido?: Exclusao } | null)?.excluido;
  if (!excluido || settled.has(excluido.vez)) return null;

  const clear = () => {
    settled.add(excluido.vez);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  };
  const undo = async () => {
    setBusy(true);
    try {
      const restored = await actions.restore(excluido.tipo, excluido.id);
      notifySuccess(T.toast.restored);
      if (restored.aviso) notifyInfo(restored.aviso);
      clear();
    } catch (err) {
      notifyError(T.undo.failed, reasonOf(err));
    }
    setBusy(false);
  };

  return (
    <div className="undo-bar" role="status">
      <span>{excluido.tipo === 'produto' ? T.undo.cliente : T.undo.categoria}</span>
      <button type="button" className="btn btn-sm btn-secondary undo-action" disabled={busy} aria-label={T.undo.actionLabel(excluido.nome)} onClick={() => void undo()}>
        {busy ? <ButtonSpinner /> : null}
        <strong>{T.undo.action}</strong>
      </button>
      <button type="button" className="undo-dismiss" aria-label={T.undo.dismiss} onClick={clear}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
