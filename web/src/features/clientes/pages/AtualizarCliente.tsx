import { EditPage } from '../../../components/EditPage.tsx';
import { T } from '../../../texts.ts';
import { ClienteFields } from '../components/ClienteFields.tsx';
import { CLIENTE_MODEL, validateUpdate } from '../model.ts';

const TOASTS = { loadFailed: T.toast.clienteLoadFailed, updated: T.toast.clienteUpdated, updateFailed: T.toast.clienteUpdateFailed };

/** /atualizarproduto/:id: edit a client (the value is checked before sending; the API checks the rest). */
export default function AtualizarCliente() {
  return (
    <EditPage model={CLIENTE_MODEL} title={T.titles.updateCliente} heading={T.clientes.updateHeading} toasts={TOASTS} validate={validateUpdate}>
      {(form) => <ClienteFields form={form} />}
    </EditPage>
  );
}
