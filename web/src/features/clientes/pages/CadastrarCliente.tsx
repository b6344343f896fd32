import { useState } from 'react';
import { isBlank } from '@contract';
import { FormShell } from '../../../components/FormShell.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { CREATE_REDIRECT_DELAY } from '../../../config.ts';
import { newIdempotencyKey, reasonOf } from '../../../lib/api-client.ts';
import { useDelayedNavigate } from '../../../lib/hooks.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { useCategoriaActions } from '../../categorias/api/categorias.ts';
import { useProdutoActions } from '../api/produtos.ts';
import { ClienteFields, emptyCliente, toBody, useCategoriaOptions, type ClienteFormState } from '../components/ClienteFields.tsx';

/** /cadastrarproduto: create a client, then back to the list after 1.5 s. */
export default function CadastrarCliente() {
  const [form, setForm] = useState<ClienteFormState>(emptyCliente);
  const [submitting, setSubmitting] = useState(false);
  const categorias = useCategoriaOptions();
  const navigateLater = useDelayedNavigate();
  const actions = useProdutoActions();
  const categoriaActions = useCategoriaActions();

  const submit = async () => {
    if (isBlank(form.nome)) {
      notifyInfo(T.toast.preenchaProduto);
      return;
    }
    setSubmitting(true);
    try {
      // One key per submission: a retried request never creates a second client.
      await actions.create(toBody(form, categorias), newIdempotencyKey());
      notifySuccess(T.toast.produtoCadastrado);
      // The button stays disabled until the page leaves.
      navigateLater(paths.clientes, CREATE_REDIRECT_DELAY);
    } catch (err) {
      notifyError(T.toast.erroCadastrarProduto, reasonOf(err));
      // The chosen category may have been deleted meanwhile (400): the dropdown reads them again.
      categoriaActions.refresh();
      setSubmitting(false);
    }
  };

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <PageHeading title={T.titles.cadastrarCliente}>{T.clientes.cadastrarHeading}</PageHeading>
      </div>
      <FormShell onSubmit={() => void submit()} submitLabel={T.common.cadastrar} submitting={submitting} cancelTo={paths.clientes} cancelLabel={T.common.cancelar}>
        <ClienteFields form={form} onChange={setForm} />
      </FormShell>
    </div>
  );
}
