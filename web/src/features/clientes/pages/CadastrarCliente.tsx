import { CreatePage } from '../../../components/CreatePage.tsx';
import { useCategoriaActions } from '../../../lib/resources.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { ClienteFields } from '../components/ClienteFields.tsx';
import { CLIENTE_MODEL, emptyCliente, validateCreate } from '../model.ts';
import { ACOES_TEXTS } from '../../../texts/acoes.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

const TOASTS = { created: ACOES_TEXTS.toast.clienteCreated, createFailed: ACOES_TEXTS.toast.clienteCreateFailed };

/** /cadastrarproduto: create a client, then back to the list after 1.5 s. */
export default function CadastrarCliente() {
  // The chosen category may have been deleted meanwhile (400): after a failure the dropdown reads them again.
  const { refresh } = useCategoriaActions();
  return (
    <CreatePage model={CLIENTE_MODEL} title={APP_TEXTS.titles.createCliente} heading={CLIENTES_TEXTS.clientes.createHeading} initial={emptyCliente} toasts={TOASTS} validate={validateCreate} refusalToasts={{ nome: ACOES_TEXTS.toast.fillCliente }} onFailed={refresh}>
      {(form) => <ClienteFields form={form} />}
    </CreatePage>
  );
}
