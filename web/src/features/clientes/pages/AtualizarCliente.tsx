import { EditPage } from '../../../components/EditPage.tsx';
import { APP_TEXTS } from '../../../texts/app.ts';
import { clientes } from '../../../lib/resources.ts';
import { AuditLine, Historico } from '../../../components/Historico.tsx';
import { ClienteFields } from '../components/ClienteFields.tsx';
import { CLIENTE_MODEL, validateUpdate } from '../model.ts';
import { ACOES_TEXTS } from '../../../texts/acoes.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

const TOASTS = { loadFailed: ACOES_TEXTS.toast.clienteLoadFailed, updated: ACOES_TEXTS.toast.clienteUpdated, updateFailed: ACOES_TEXTS.toast.clienteUpdateFailed };

/** /atualizarproduto/:id: edit a client (the value is checked before sending; the API checks the rest). */
export default function AtualizarCliente() {
  return (
    <EditPage model={CLIENTE_MODEL} title={APP_TEXTS.titles.updateCliente} heading={CLIENTES_TEXTS.clientes.updateHeading} conflictHeading={CLIENTES_TEXTS.clientes.conflictHeading} toasts={TOASTS} validate={validateUpdate} meta={(c) => <AuditLine record={c} />} aside={(c, conflicts) => <Historico path={clientes.recordPath(c.id)} refresh={conflicts} />}>
      {(form) => <ClienteFields form={form} />}
    </EditPage>
  );
}
