import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CloseIcon } from './icons.tsx';
import { ButtonSpinner } from './Spinner.tsx';
import { forgetUndo, type Exclusao } from './undo-state.ts';
import { reasonOf } from '../api/http.ts';
import { useLixeiraActions } from '../lib/lixeira.ts';
import { notifyError, notifyInfo, notifySuccess } from '../lib/toast.tsx';
import { ACOES_TEXTS } from '../texts/acoes.ts';

/** The Desfazer bar itself (UndoBar.tsx shows it while a delete's state is there). */
export default function UndoBarBody({ excluido }: { excluido: Exclusao }) {
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
    } catch (err) {
      notifyError(ACOES_TEXTS.undo.failed, reasonOf(err));
    }
    setBusy(false);
  };

  return (
    <div className="undo-bar" role="status">
      <span>{excluido.tipo === 'produto' ? ACOES_TEXTS.undo.cliente : ACOES_TEXTS.undo.categoria}</span>
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
