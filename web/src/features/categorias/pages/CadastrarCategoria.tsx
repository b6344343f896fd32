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
import { useCategoriaActions } from '../api/categorias.ts';
import { CategoriaFields } from '../components/CategoriaFields.tsx';

/** /cadastrarcategorias: create a category, then back to the list after 1.5 s. */
export default function CadastrarCategoria() {
  const [descricao, setDescricao] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const navigateLater = useDelayedNavigate();
  const actions = useCategoriaActions();

  const submit = async () => {
    if (isBlank(descricao)) {
      notifyInfo(T.toast.preenchaCategoria);
      return;
    }
    setSubmitting(true);
    try {
      // One key per submission: a retried request never creates a second category.
      const created = await actions.create({ descricao }, newIdempotencyKey());
      setDescricao(created.descricao);
      notifySuccess(T.toast.categoriaCadastrada);
      // The button stays disabled until the page leaves.
      navigateLater(paths.categorias, CREATE_REDIRECT_DELAY);
    } catch (err) {
      notifyError(T.toast.erroCadastrarCategoria, reasonOf(err));
      setSubmitting(false);
    }
  };

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <PageHeading title={T.titles.cadastrarCategoria}>{T.categorias.cadastrarHeading}</PageHeading>
      </div>
      <FormShell onSubmit={() => void submit()} submitLabel={T.common.cadastrar} submitting={submitting} cancelTo={paths.categorias} cancelLabel={T.common.cancelar}>
        <CategoriaFields descricao={descricao} onChange={setDescricao} />
      </FormShell>
    </div>
  );
}
