import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ButtonSpinner, Spinner } from '../../../components/Spinner.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { reasonOf } from '../../../lib/api-client.ts';
import { useLoadFailure } from '../../../lib/hooks.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { useProduto, useProdutoActions } from '../api/produtos.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';

/** /deletarproduto/:id: the spec's question, the client card, 'Não' or 'Sim'. */
export default function DeletarCliente() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data, error } = useProduto(id);
  const [submitting, setSubmitting] = useState(false);
  const actions = useProdutoActions();
  useLoadFailure(error, T.toast.erroBuscarProduto, paths.clientes);

  const confirm = async () => {
    if (!data) return;
    setSubmitting(true);
    try {
      await actions.remove(data.id);
      notifySuccess(T.toast.produtoApagado);
    } catch (err) {
      notifyError(T.toast.erroDeletarProduto, reasonOf(err));
      actions.refresh();
    }
    // Replaces the confirmation page: Back must not lead to a record that is gone.
    navigate(paths.clientes, { replace: true });
  };

  return (
    <div className="page page-narrow page-confirm">
      <div className="page-header">
        <div>
          <PageHeading title={T.titles.deletarCliente}>{T.clientes.deletarHeading}</PageHeading>
          <p className="page-subtitle">{T.clientes.deletarPergunta}</p>
        </div>
      </div>
      {data ? (
        <div className="confirm-stack">
          <ClienteCard produto={data} actions={false} />
          <div className="form-actions">
            <Link className="btn btn-secondary" to={paths.clientes}>
              {T.clientes.nao}
            </Link>
            <button type="button" className="btn btn-danger" disabled={submitting} onClick={() => void confirm()}>
              {submitting ? <ButtonSpinner /> : <TrashIcon size={18} />}
              {T.clientes.sim}
            </button>
          </div>
        </div>
      ) : (
        <Spinner />
      )}
    </div>
  );
}

