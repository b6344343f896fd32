import type { Cliente } from '@contract';
import { Link } from 'react-router-dom';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { UsersIcon } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { useClientes } from '../../../lib/resources.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';
import { UndoBar } from '../../../components/UndoBar.tsx';
import { ClienteCard } from '../components/ClienteCard.tsx';

/**
 * What the filter searches: the name (the spec), and the e-mail and CNPJ/CPF (issue 17; a line
 * break between them, so a query never spans two).
 */
const searchedText = (c: Cliente) => `${c.nome}\n${c.email ?? ''}\n${c.documento ?? ''}`;
const renderCard = (c: Cliente) => <ClienteCard cliente={c} />;
const tools = (shown: readonly Cliente[]) => (
  <>
    <ExportButton shown={shown} run={(m, list) => m.exportClientes(list)} />
    <Link className="btn btn-secondary" to={paths.importarClientes}>
      {T.csv.importar}
    </Link>
  </>
);

/** /clientes: the client list ('Busque seus clientes'), shown as soon as the data arrives; the filter also finds e-mails and CNPJ/CPF digits. */
export default function ListaClientes() {
  const list = useClientes();
  return <ListPage title={T.titles.clientes} texts={T.clientes} createTo={paths.cadastrarCliente} list={list} textOf={searchedText} compactDigits renderItem={renderCard} emptyIcon={<UsersIcon size={32} />} gridLabel={T.titles.clientes} notice={<UndoBar />} tools={tools} />;
}
