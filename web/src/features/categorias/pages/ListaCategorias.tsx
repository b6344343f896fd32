import { Link } from 'react-router-dom';
import type { Categoria } from '@contract';
import { FolderIcon, PlusIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ProgressiveGrid } from '../../../components/ProgressiveGrid.tsx';
import { ResultStatus } from '../../../components/ResultStatus.tsx';
import { SearchForm } from '../../../components/SearchForm.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { EmptyState, LoadError } from '../../../components/States.tsx';
import { FIRST_LOAD_HOLD } from '../../../config.ts';
import { useFoldedFilter } from '../../../lib/filter.ts';
import { useMinimumHold } from '../../../lib/hooks.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { useCategorias } from '../api/categorias.ts';
import { CategoriaCard } from '../components/CategoriaCard.tsx';

const descricaoOf = (c: Categoria) => c.descricao;
const keyOf = (c: Categoria) => c.id;
const renderCard = (c: Categoria) => <CategoriaCard categoria={c} />;

/** /categorias: the category list, with its filter and the spec's 0.8 s first-load hold. */
export default function ListaCategorias() {
  // The request starts now (SWR on mount); the hold only keeps the spinner up beside it.
  const { data, error, isLoading, mutate } = useCategorias();
  const holding = useMinimumHold(FIRST_LOAD_HOLD);
  const filter = useFoldedFilter(data, descricaoOf);
  const { query, filtered } = filter;

  let body;
  if (holding || (isLoading && !data)) body = <Spinner />;
  else if (error && !data) body = <LoadError message={T.categorias.erroLista} onRetry={() => void mutate()} />;
  else if (!data || data.length === 0)
    body = <EmptyState title={T.categorias.vazioTitulo} text={T.categorias.vazioTexto} actionLabel={T.categorias.vazioAcao} to={paths.cadastrarCategoria} icon={<FolderIcon size={32} />} />;
  else
    body = (
      <>
        <ResultStatus shown={filtered.length} total={data.length} query={query} onClear={filter.clear} />
        <ProgressiveGrid key={`${query}|${data.length}`} items={filtered} getKey={keyOf} renderItem={renderCard} label={T.categorias.heading} />
      </>
    );

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <PageHeading title={T.titles.categorias}>{T.categorias.heading}</PageHeading>
          <p className="page-subtitle">{T.categorias.subheading}</p>
        </div>
        <Link className="btn btn-primary" to={paths.cadastrarCategoria}>
          <PlusIcon size={18} />
          {T.categorias.nova}
        </Link>
      </div>
      <SearchForm label={T.categorias.filtroLabel} placeholder={T.categorias.filtroPlaceholder} filter={filter} />
      {body}
    </div>
  );
}
