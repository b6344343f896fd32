import { EditPage } from '../../../components/EditPage.tsx';
import { T } from '../../../texts.ts';
import { clientes } from '../../../lib/resources.ts';
import { AuditLine, Historico } from '../../../components/Historico.tsx';
import { ClienteFields } from '../components/ClienteFields.tsx';
import { CLIENTE_MODEL, validateUpdate } from '../model.ts';
import { TA } from '../../../texts-acoes.ts';
import { TC } from '../../../texts-clientes.ts';

const TOASTS = { loadFailed: TA.toast.clienteLoadFailed, updated: TA.toast.clienteUpdated, updateFailed: TA.toast.clienteUpdateFailed };

/** /atualizarproduto/:id: edit a client (the value is checked before sending; the API checks the rest). */
export default function AtualizarCliente() {
  return (
    <EditPage model={CLIENTE_MODEL} title={T.titles.updateCliente} heading={TC.clientes.updateHeading} conflictHeading={TC.clientes.conflictHeading} toasts={TOASTS} validate={validateUpdate} meta={(c) => <AuditLine record={c} />} aside={(c, conflicts) => <Historico path={clientes.recordPath(c.id)} refresh={conflicts} />}>
      {(form) => <ClienteFields form={form} />}
    </EditPage>
  );
}
