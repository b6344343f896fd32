import type { Categoria } from '@contract';
import { Link } from 'react-router-dom';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { FolderIcon } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { FIRST_LOAD_HOLD } from '../../../config.ts';
import { useFirstLoadHold } from '../../../lib/hooks.ts';
import { useCategorias } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { UndoBar } from '../../../components/UndoBar.tsx';
import { CategoriaCard } from '../components/CategoriaCard.tsx';

const descricaoOf = (c: Categoria) => c.descricao;
const renderCard = (c: Categoria) => <CategoriaCard categoria={c} />;
const tools = (shown: readonly Categoria[]) => (
  <>
    <ExportButton shown={shown} run={(m, list) => m.exportCategorias(list)} />
    <Link className="btn btn-secondary" to={paths.importarCategorias}>
      {T.csv.importar}
    </Link>
  </>
);

/** /categorias: the category list; the spec's 0.8 s hold on its first load of the app session. */
export default function ListaCategorias() {
  // The request starts now (SWR on mount); the hold only keeps the spinner up beside it.
  const list = useCategorias();
  const holding = useFirstLoadHold(paths.categorias, FIRST_LOAD_HOLD);
  return (
    <ListPage title={T.titles.categorias} texts={T.categorias} createTo={paths.cadastrarCategoria} list={list} holding={holding} textOf={descricaoOf} renderItem={renderCard} emptyIcon={<FolderIcon size={32} />} gridLabel={T.categorias.heading} notice={<UndoBar />} tools={tools} />
  );
}
