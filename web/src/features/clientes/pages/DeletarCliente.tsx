import { DeletePage } from '../../../components/DeletePage.tsx';
import { T } from '../../../texts.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';
import { undoState } from '../../../components/UndoBar.tsx';
import { CLIENTE_MODEL } from '../model.ts';

const TEXTS = { title: T.titles.deleteCliente, heading: T.clientes.deleteHeading, question: T.clientes.deleteQuestion, cancel: T.clientes.no, confirm: T.clientes.yes };
const TOASTS = { loadFailed: T.toast.clienteLoadFailed, deleted: { message: T.toast.clienteDeleted }, failed: { message: T.toast.clienteDeleteFailed } };

/** /deletarproduto/:id: the spec's question, the client card, 'Não' or 'Sim'. */
export default function DeletarCliente() {
  return <DeletePage model={CLIENTE_MODEL} variant="stack" texts={TEXTS} toasts={TOASTS} deletedState={(c) => undoState({ tipo: 'produto', id: c.id, nome: c.nome })} describe={(c) => <ClienteCard cliente={c} actions={false} />} />;
}
