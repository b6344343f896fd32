import { EditPage } from '../../../components/EditPage.tsx';
import { APP_TEXTS } from '../../../texts/app.ts';
import { categorias } from '../../../lib/resources.ts';
import { AuditLine, Historico } from '../../../components/Historico.tsx';
import { CategoriaFields } from '../components/CategoriaFields.tsx';
import { CATEGORIA_MODEL } from '../model.ts';
import { ACOES_TEXTS } from '../../../texts/acoes.ts';
import { CATEGORIAS_TEXTS } from '../../../texts/categorias.ts';

const TOASTS = { loadFailed: ACOES_TEXTS.toast.categoriaLoadFailed, updated: ACOES_TEXTS.toast.categoriaUpdated, updateFailed: ACOES_TEXTS.toast.categoriaUpdateFailed };

/** /categorias/atualizar/:id: edit a category (no check before sending: the API validates it). */
export default function AtualizarCategoria() {
  return (
    <EditPage model={CATEGORIA_MODEL} title={APP_TEXTS.titles.updateCategoria} heading={CATEGORIAS_TEXTS.categorias.updateHeading} conflictHeading={CATEGORIAS_TEXTS.categorias.conflictHeading} toasts={TOASTS} meta={(c) => <AuditLine record={c} />} aside={(c, conflicts) => <Historico path={categorias.recordPath(c.id)} refresh={conflicts} />}>
      {(form, categoria) => <CategoriaFields form={form} self={categoria.id} />}
    </EditPage>
  );
}
