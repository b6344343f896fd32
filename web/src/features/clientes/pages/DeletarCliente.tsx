import { DeletePage } from '../../../components/DeletePage.tsx';
import { T } from '../../../texts.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';
import { undoState } from '../../../components/UndoBar.tsx';
import { CLIENTE_MODEL } from '../model.ts';
import { TA } from '../../../texts-acoes.ts';
import { TC } from '../../../texts-clientes.ts';

const TEXTS = { title: T.titles.deleteCliente, heading: TC.clientes.deleteHeading, question: TC.clientes.deleteQuestion, cancel: TC.clientes.no, confirm: TC.clientes.yes };
const TOASTS = { loadFailed: TA.toast.clienteLoadFailed, deleted: { message: TA.toast.clienteDeleted }, failed: { message: TA.toast.clienteDeleteFailed } };

/** /deletarproduto/:id: the spec's question, the client card, 'Não' or 'Sim'. */
export default function DeletarCliente() {
  return <DeletePage model={CLIENTE_MODEL} variant="stack" texts={TEXTS} toasts={TOASTS} deletedState={(c) => undoState({ tipo: 'produto', id: c.id, nome: c.nome })} describe={(c) => <ClienteCard cliente={c} actions={false} />} />;
}
