import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { CategoriaRef } from '@contract';
import { FormShell } from '../../../components/FormShell.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { reasonOf } from '../../../lib/api-client.ts';
import { useLoadFailure } from '../../../lib/hooks.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { useProduto, useProdutoActions } from '../api/produtos.ts';
import { ClienteFields, toBody, useCategoriaOptions, type ClienteFormState } from '../components/ClienteFields.tsx';

interface Loaded {
  id: number;
  versao: number;
  categoria: CategoriaRef | null;
  form: ClienteFormState;
}

/** /atualizarproduto/:id: edit a client (no client-side validation), then back to the list. */
export default function AtualizarCliente() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data, error } = useProduto(id);
  const categorias = useCategoriaOptions();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const actions = useProdutoActions();
  useLoadFailure(error, T.toast.erroBuscarProduto, paths.clientes);

  // Prefill once, from this visit's own read (useProduto never answers from an older copy).
  if (!loaded && data)
    setLoaded({
      id: data.id,
      versao: data.versao,
      categoria: data.categoria,
      form: {
        nome: data.nome,
        segmento: data.segmento,
        pontoFocal: data.pontoFocal,
        valorContrato: String(data.valorContrato),
        categoriaId: data.categoria ? String(data.categoria.id) : '',
      },
    });

  const submit = async () => {
    if (!loaded) return;
    setSubmitting(true);
    try {
      const options = categorias ?? (loaded.categoria ? [loaded.categoria] : []);
      await actions.update({ ...toBody(loaded.form, options), id: loaded.id, versao: loaded.versao });
      notifySuccess(T.toast.produtoAtualizado);
    } catch (err) {
      notifyError(T.toast.erroAtualizarProduto, reasonOf(err));
      actions.refresh();
    }
    navigate(paths.clientes);
  };

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <PageHeading title={T.titles.atualizarCliente}>{T.clientes.atualizarHeading}</PageHeading>
      </div>
      {loaded ? (
        <FormShell onSubmit={() => void submit()} submitLabel={T.common.atualizar} submitting={submitting} cancelTo={paths.clientes} cancelLabel={T.common.cancelar}>
          <ClienteFields form={loaded.form} current={loaded.categoria} onChange={(form) => setLoaded({ ...loaded, form })} />
        </FormShell>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
