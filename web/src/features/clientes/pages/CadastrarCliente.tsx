import { CreatePage } from '../../../components/CreatePage.tsx';
import { useCategoriaActions } from '../../../lib/resources.ts';
import { T } from '../../../texts.ts';
import { ClienteFields } from '../components/ClienteFields.tsx';
import { CLIENTE_MODEL, emptyCliente, validateCreate } from '../model.ts';
import { TA } from '../../../texts-acoes.ts';
import { TC } from '../../../texts-clientes.ts';

const TOASTS = { created: TA.toast.clienteCreated, createFailed: TA.toast.clienteCreateFailed };

/** /cadastrarproduto: create a client, then back to the list after 1.5 s. */
export default function CadastrarCliente() {
  // The chosen category may have been deleted meanwhile (400): after a failure the dropdown reads them again.
  const { refresh } = useCategoriaActions();
  return (
    <CreatePage model={CLIENTE_MODEL} title={T.titles.createCliente} heading={TC.clientes.createHeading} initial={emptyCliente} toasts={TOASTS} validate={validateCreate} refusalToasts={{ nome: TA.toast.fillCliente }} onFailed={refresh}>
      {(form) => <ClienteFields form={form} />}
    </CreatePage>
  );
}
