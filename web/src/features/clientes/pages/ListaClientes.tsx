import { Link } from 'react-router-dom';
import type { Produto } from '@contract';
import { PlusIcon, UsersIcon } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { ProgressiveGrid } from '../../../components/ProgressiveGrid.tsx';
import { ResultStatus } from '../../../components/ResultStatus.tsx';
import { SearchForm } from '../../../components/SearchForm.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { EmptyState, LoadError } from '../../../components/States.tsx';
import { useFoldedFilter } from '../../../lib/filter.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { useProdutos } from '../api/produtos.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';

const nomeOf = (p: Produto) => p.nome;
const keyOf = (p: Produto) => p.id;
const renderCard = (p: Produto) => <ClienteCard produto={p} />;

/** /clientes: the client list ('Busque seus clientes'), shown as soon as the data arrives. */
export default function ListaClientes() {
  const { data, error, isLoading, mutate } = useProdutos();
  const filter = useFoldedFilter(data, nomeOf);
  const { query, filtered } = filter;

  let body;
  if (isLoading && !data) body = <Spinner />;
  else if (error && !data) body = <LoadError message={T.clientes.erroLista} onRetry={() => void mutate()} />;
  else if (!data || data.length === 0)
    body = <EmptyState title={T.clientes.vazioTitulo} text={T.clientes.vazioTexto} actionLabel={T.clientes.vazioAcao} to={paths.cadastrarCliente} icon={<UsersIcon size={32} />} />;
  else
    body = (
      <>
        <ResultStatus shown={filtered.length} total={data.length} query={query} onClear={filter.clear} />
        <ProgressiveGrid key={`${query}|${data.length}`} items={filtered} getKey={keyOf} renderItem={renderCard} label={T.titles.clientes} />
      </>
    );

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <PageHeading title={T.titles.clientes}>{T.clientes.heading}</PageHeading>
          <p className="page-subtitle">{T.clientes.subheading}</p>
        </div>
        <Link className="btn btn-primary" to={paths.cadastrarCliente}>
          <PlusIcon size={18} />
          {T.clientes.novo}
        </Link>
      </div>
      <SearchForm label={T.clientes.filtroLabel} placeholder={T.clientes.filtroPlaceholder} filter={filter} />
      {body}
    </div>
  );
}
