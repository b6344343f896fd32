import { DeletePage } from '../../../components/DeletePage.tsx';
import { APP_TEXTS } from '../../../texts/app.ts';
import { ClienteCard } from '../components/ClienteCard.tsx';
import { undoState } from '../../../components/undo-state.ts';
import { CLIENTE_MODEL } from '../model.ts';
import { ACOES_TEXTS } from '../../../texts/acoes.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

const TEXTS = { title: APP_TEXTS.titles.deleteCliente, heading: CLIENTES_TEXTS.clientes.deleteHeading, question: CLIENTES_TEXTS.clientes.deleteQuestion, cancel: CLIENTES_TEXTS.clientes.no, confirm: CLIENTES_TEXTS.clientes.yes };
const TOASTS = { loadFailed: ACOES_TEXTS.toast.clienteLoadFailed, deleted: { message: ACOES_TEXTS.toast.clienteDeleted }, failed: { message: ACOES_TEXTS.toast.clienteDeleteFailed } };

/** /deletarproduto/:id: the spec's question, the client card, 'Não' or 'Sim'. */
export default function DeletarCliente() {
  return <DeletePage model={CLIENTE_MODEL} variant="stack" texts={TEXTS} toasts={TOASTS} deletedState={(c) => undoState({ tipo: 'produto', id: c.id, nome: c.nome })} describe={(c) => <ClienteCard cliente={c} actions={false} />} />;
}
