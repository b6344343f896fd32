import type { Cliente } from '@contract';
import { Link } from 'react-router-dom';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { UsersIcon } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { useClientes } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';

const nomeOf = (c: Cliente) => c.nome;
const renderCard = (c: Cliente) => <ClienteCard cliente={c} />;
const tools = (shown: readonly Cliente[]) => (
  <>
    <ExportButton shown={shown} run={(m, list) => m.exportClientes(list)} />
    <Link className="btn btn-secondary" to={paths.importarClientes}>
      {T.csv.importar}
    </Link>
  </>
);

/** /clientes: the client list ('Busque seus clientes'), shown as soon as the data arrives. */
export default function ListaClientes() {
  const list = useClientes();
  return <ListPage title={T.titles.clientes} texts={T.clientes} createTo={paths.cadastrarCliente} list={list} textOf={nomeOf} renderItem={renderCard} emptyIcon={<UsersIcon size={32} />} gridLabel={T.titles.clientes} tools={tools} />;
}
