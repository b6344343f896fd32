import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CloseIcon } from './icons.tsx';
import { ButtonSpinner } from './Spinner.tsx';
import { forgetUndo, type Exclusao } from './undo-state.ts';
import { reasonOf } from '../api/http.ts';
import { useLixeiraActions } from '../lib/lixeira.ts';
import { notifyError, notifyInfo, notifySuccess } from '../lib/toast.tsx';
import { ACOES_TEXTS } from '../texts/acoes.ts';

/** What the bar says of each kind of record. */
const SAYS: Record<Exclusao['tipo'], string> = { produto: ACOES_TEXTS.undo.cliente, categoria: ACOES_TEXTS.undo.categoria, tarefa: ACOES_TEXTS.undo.tarefa };

/** The Desfazer bar itself (UndoBar.tsx shows it while a delete's state is there); `onRestored` after a restore. */
export default function UndoBarBody({ excluido, onRestored }: { excluido: Exclusao; onRestored?: (() => void) | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const actions = useLixeiraActions();
  const [busy, setBusy] = useState(false);

  const clear = () => {
    forgetUndo();
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  };
  const undo = async () => {
    setBusy(true);
    try {
      const restored = await actions.restore(excluido.tipo, excluido.id);
      notifySuccess(ACOES_TEXTS.toast.restored);
      if (restored.aviso) notifyInfo(restored.aviso);
      clear();
      onRestored?.();
    } catch (err) {
      notifyError(ACOES_TEXTS.undo.failed, reasonOf(err));
    }
    setBusy(false);
  };

  return (
    <div className="undo-bar" role="status">
      <span>{SAYS[excluido.tipo]}</span>
      <button type="button" className="btn btn-sm btn-secondary undo-action" disabled={busy} aria-label={ACOES_TEXTS.undo.actionLabel(excluido.nome)} onClick={() => void undo()}>
        {busy ? <ButtonSpinner /> : null}
        <strong>{ACOES_TEXTS.undo.action}</strong>
      </button>
      <button type="button" className="undo-dismiss" aria-label={ACOES_TEXTS.undo.dismiss} onClick={clear}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
