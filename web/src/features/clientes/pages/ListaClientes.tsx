import type { Cliente } from '@contract';
import { UsersIcon } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { useClientes } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { UndoBar } from '../../../components/UndoBar.tsx';
import { ClienteCard } from '../components/ClienteCard.tsx';

const nomeOf = (c: Cliente) => c.nome;
const renderCard = (c: Cliente) => <ClienteCard cliente={c} />;

/** /clientes: the client list ('Busque seus clientes'), shown as soon as the data arrives. */
export default function ListaClientes() {
  const list = useClientes();
  return <ListPage title={T.titles.clientes} texts={T.clientes} createTo={paths.cadastrarCliente} list={list} textOf={nomeOf} renderItem={renderCard} emptyIcon={<UsersIcon size={32} />} gridLabel={T.titles.clientes} notice={<UndoBar />} />;
}
