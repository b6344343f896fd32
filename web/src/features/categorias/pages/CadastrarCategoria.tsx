import { CreatePage } from '../../../components/CreatePage.tsx';
import { T } from '../../../texts.ts';
import { CategoriaFields } from '../components/CategoriaFields.tsx';
import { CATEGORIA_MODEL, validateCreate } from '../model.ts';
import { TA } from '../../../texts-acoes.ts';
import { TG } from '../../../texts-categorias.ts';

const TOASTS = { created: TA.toast.categoriaCreated, createFailed: TA.toast.categoriaCreateFailed };

/** /cadastrarcategorias: create a category, then back to the list after 1.5 s. */
export default function CadastrarCategoria() {
  return (
    <CreatePage model={CATEGORIA_MODEL} title={T.titles.createCategoria} heading={TG.categorias.createHeading} initial={{ descricao: '' }} toasts={TOASTS} validate={validateCreate} refusalToasts={{ descricao: TA.toast.fillCategoria }}>
      {(form) => <CategoriaFields form={form} />}
    </CreatePage>
  );
}
