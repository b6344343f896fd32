import { EditPage } from '../../../components/EditPage.tsx';
import { T } from '../../../texts.ts';
import { categorias } from '../../../lib/resources.ts';
import { AuditLine, Historico } from '../../../components/Historico.tsx';
import { CategoriaFields } from '../components/CategoriaFields.tsx';
import { CATEGORIA_MODEL } from '../model.ts';
import { TA } from '../../../texts-acoes.ts';
import { TG } from '../../../texts-categorias.ts';

const TOASTS = { loadFailed: TA.toast.categoriaLoadFailed, updated: TA.toast.categoriaUpdated, updateFailed: TA.toast.categoriaUpdateFailed };

/** /categorias/atualizar/:id: edit a category (no check before sending: the API validates it). */
export default function AtualizarCategoria() {
  return (
    <EditPage model={CATEGORIA_MODEL} title={T.titles.updateCategoria} heading={TG.categorias.updateHeading} conflictHeading={TG.categorias.conflictHeading} toasts={TOASTS} meta={(c) => <AuditLine record={c} />} aside={(c, conflicts) => <Historico path={categorias.recordPath(c.id)} refresh={conflicts} />}>
      {(form, categoria) => <CategoriaFields form={form} self={categoria.id} />}
    </EditPage>
  );
}
