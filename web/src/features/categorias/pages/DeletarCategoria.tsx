import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AlertIcon, TrashIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ButtonSpinner, Spinner } from '../../../components/Spinner.tsx';
import { TOAST_DURATION } from '../../../config.ts';
import { reasonOf } from '../../../lib/api-client.ts';
import { useLoadFailure } from '../../../lib/hooks.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { useCategoria, useCategoriaActions } from '../api/categorias.ts';

/** /deletarcategorias/:id: 'Tem certeza?' naming the category, 'Confirmar' or 'Cancelar'. */
export default function DeletarCategoria() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data, error } = useCategoria(id);
  const [submitting, setSubmitting] = useState(false);
  const actions = useCategoriaActions();
  useLoadFailure(error, T.toast.erroBuscarCategoria, paths.categorias);

  const confirm = async () => {
    if (!data) return;
    setSubmitting(true);
    try {
      await actions.remove(data.id);
      notifySuccess(T.toast.categoriaDeletada, TOAST_DURATION.categoryDelete);
    } catch (err) {
      notifyError(T.toast.erroDeletarCategoria, reasonOf(err), TOAST_DURATION.categoryDelete);
      actions.refresh();
    }
    // Replaces the confirmation page: Back must not lead to a record that is gone.
    navigate(paths.categorias, { replace: true });
  };

  return (
    <div className="page page-narrow">
      <div className="card confirm-card">
        <span className="confirm-icon" aria-hidden="true">
          <AlertIcon size={28} />
        </span>
        <PageHeading title={T.titles.deletarCategoria}>{T.categorias.confirmarHeading}</PageHeading>
        {data ? (
          <>
            <p className="confirm-text">{T.categorias.confirmarTexto(data.descricao)}</p>
            <div className="form-actions">
              <Link className="btn btn-secondary" to={paths.categorias}>
                {T.categorias.cancelar}
              </Link>
              <button type="button" className="btn btn-danger" disabled={submitting} onClick={() => void confirm()}>
                {submitting ? <ButtonSpinner /> : <TrashIcon size={18} />}
                {T.categorias.confirmar}
              </button>
            </div>
          </>
        ) : (
          <Spinner />
        )}
      </div>
    </div>
  );
}
