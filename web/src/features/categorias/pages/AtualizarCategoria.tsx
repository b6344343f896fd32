import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FormShell } from '../../../components/FormShell.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { reasonOf } from '../../../lib/api-client.ts';
import { useLoadFailure } from '../../../lib/hooks.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { useCategoria, useCategoriaActions } from '../api/categorias.ts';
import { CategoriaFields } from '../components/CategoriaFields.tsx';

/** /categorias/atualizar/:id: edit a category (no client-side validation), then back to the list. */
export default function AtualizarCategoria() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data, error } = useCategoria(id);
  const [form, setForm] = useState<{ descricao: string; versao: number; id: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const actions = useCategoriaActions();
  useLoadFailure(error, T.toast.erroBuscarCategoria, paths.categorias);

  // Prefill once, from this visit's own read (useCategoria never answers from an older copy).
  if (!form && data) setForm({ id: data.id, descricao: data.descricao, versao: data.versao });

  const submit = async () => {
    if (!form) return;
    setSubmitting(true);
    try {
      await actions.update({ id: form.id, descricao: form.descricao, versao: form.versao });
      notifySuccess(T.toast.categoriaAtualizada);
    } catch (err) {
      notifyError(T.toast.erroAtualizarCategoria, reasonOf(err));
      actions.refresh();
    }
    navigate(paths.categorias);
  };

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <PageHeading title={T.titles.atualizarCategoria}>{T.categorias.atualizarHeading}</PageHeading>
      </div>
      {form ? (
        <FormShell onSubmit={() => void submit()} submitLabel={T.common.atualizar} submitting={submitting} cancelTo={paths.categorias} cancelLabel={T.common.cancelar}>
          <CategoriaFields descricao={form.descricao} onChange={(descricao) => setForm({ ...form, descricao })} />
        </FormShell>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
