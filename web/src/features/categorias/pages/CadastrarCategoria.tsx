import { CreatePage } from '../../../components/CreatePage.tsx';
import { APP_TEXTS } from '../../../texts/app.ts';
import { CategoriaFields } from '../components/CategoriaFields.tsx';
import { CATEGORIA_MODEL, validateCreate } from '../model.ts';
import { ACOES_TEXTS } from '../../../texts/acoes.ts';
import { CATEGORIAS_TEXTS } from '../../../texts/categorias.ts';

const TOASTS = { created: ACOES_TEXTS.toast.categoriaCreated, createFailed: ACOES_TEXTS.toast.categoriaCreateFailed };

/** /cadastrarcategorias: create a category, then back to the list after 1.5 s. */
export default function CadastrarCategoria() {
  return (
    <CreatePage model={CATEGORIA_MODEL} title={APP_TEXTS.titles.createCategoria} heading={CATEGORIAS_TEXTS.categorias.createHeading} initial={{ descricao: '' }} toasts={TOASTS} validate={validateCreate} refusalToasts={{ descricao: ACOES_TEXTS.toast.fillCategoria }}>
      {(form) => <CategoriaFields form={form} />}
    </CreatePage>
  );
}
