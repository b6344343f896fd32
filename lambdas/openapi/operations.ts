/**
 * What each route of the table does, as OpenAPI operations: its summary and description, its
 * success answer and the errors it may give. The records' routes derive their statuses and
 * schemas from their method and path; the others name them.
 */
import { LIMITS, RECENT_ACTIVITY_LIMIT, VIP_THRESHOLD } from '../contract/limits.ts';
import { ADMIN_GROUP } from '../contract/auth.ts';
import { isPublic, routes, type RouteDef } from '../routes.ts';
import { jsonContent, ref } from './components.ts';
import type { JsonSchema, OpenApiOperation } from './document.ts';

/**
 * What a route does: its summary, the description of its success answer, and what it does. The
 * records' routes derive their statuses and schemas from their shape; a users route names them
 * (`shape`).
 */
export type OperationDoc = { summary: string; answer: string; description: string; shape?: UsersShape };
const op = (summary: string, answer: string, description: string): OperationDoc => ({ summary, answer, description });
/** A read of its own (not a records route): 200 with `response`, no body, no error of its own. */
const readOp = (summary: string, answer: string, description: string, response: string): OperationDoc => ({
  summary,
  answer,
  description,
  shape: { status: '200', response, errors: [] },
});

/** A users route's success status, its schemas and its error statuses. */
interface UsersShape {
  status: '200' | '201' | '204';
  response?: string;
  body?: string;
  errors: string[];
  /** A page read by `?cursor=` only (its pages are sized by the server). */
  cursorOnly?: boolean;
  /** Its other query parameters (components' names). */
  query?: string[];
  /** A success answer that is not JSON: its media type and a description of its text. */
  text?: { contentType: string; description: string };
}
const usersOp = (summary: string, answer: string, description: string, shape: UsersShape): OperationDoc => ({
  summary,
  answer,
  description: `${description} ${USERS_NOTE}`,
  shape,
});

/** A route whose statuses and schemas are named (not derived from the records' shape). */
const shapedOp = (summary: string, answer: string, description: string, shape: UsersShape): OperationDoc => ({ summary, answer, description, shape });

/** The schemas of a resource's records (`Categoria`, `Produto`: the wire's names), by path. */
const RECORD_SCHEMA: Record<string, string> = { categorias: 'Categoria', produtos: 'Produto' };

/** The success status of a route, by method. */
const SUCCESS_STATUS: Record<string, string> = { GET: '200', POST: '201', PUT: '200', DELETE: '204' };

/**
 * The errors of a route by its shape, the same for both resources: a path id can be invalid or
 * missing, a body can be invalid, too large or of another type, a write can conflict, a POST key
 * can be reused with another body.
 */
function errorsOf(route: RouteDef): string[] {
  const byId = route.path.includes('{id}') ? ['400', '404'] : [];
  if (route.method === 'GET') return byId;
  if (route.method === 'DELETE') return [...byId, '409'];
  return route.method === 'POST' ? ['400', '409', '413', '415', '422'] : ['400', '404', '409', '413', '415'];
}

const PAGED =
  `Paged: \`?limit=\` (1–${LIMITS.page.max}, default ${LIMITS.page.default}) items per page; the answer's \`cursor\`, ` +
  'passed as `?cursor=`, reads the next page (null: the last one).';
const HISTORY =
  'Every create, update (with the fields it changed, before and after), delete and restore of the record, written ' +
  'in the same transaction as the change; an update that changes nothing has no entry. A category rename is in the ' +
  `category's history only. Readable after the record is deleted, until it is purged. ${PAGED} 404 when the record ` +
  'never existed.';
/** A record's history (the same read for both resources). */
const historyOp = (whose: 'category' | 'client'): OperationDoc =>
  shapedOp(`Read a ${whose}'s history`, 'The history, newest first.', HISTORY, { status: '200', response: 'HistoricoPagina', errors: ['400', '404'] });
const TO_TRASH =
  'The record moves to the trash (`GET /lixeira`) in the same transaction, with its history entry; ' +
  '`POST /lixeira/{tipo}/{id}/restaurar` brings it back.';

/** The reminders' routes exist only with sign-in. */
const SIGN_IN_ONLY = 'Sign-in only: 404 in the open mode (`-c auth=off`, `AUTH=off`), which has no feed and no e-mail.';
const USERS_NOTE =
  'Administrators only (403 for anyone else, before the request is validated). Only with sign-in: not deployed in ' +
  'the open mode, and 404 `{"mensagem": "O login está desativado."}` locally with AUTH=off.';
const SELF =
  'An administrator cannot remove their own admin role, disable or delete themselves (409): another administrator must.';

const VERSAO_PUT =
  'Send the `versao` you loaded to be protected from lost updates: if the record changed since, the ' +
  'answer is 409 and nothing is written. Without `versao` the last writer wins. On success `versao` is +1.';
const UNIQUE_NAME =
  'Category names are unique ignoring case, accents and repeated spaces: a name another category has is ' +
  '409 `{"mensagem": "Já existe uma categoria chamada “…”.", "campo": "descricao"}`, naming that category as stored.';
const UNIQUE_DOCUMENTO =
  'A `documento` (CPF/CNPJ) is unique among the clients, claimed in the same transaction as the write: one another ' +
  'client has is 409 `{"mensagem": "O documento … já está cadastrado para o cliente “…”.", "campo": "documento"}`.';
/** What an operation that takes the key adds (the rule itself is the parameter's). */
const IDEMPOTENT_POST =
  'Safe to retry with an `Idempotency-Key` (see the parameter). The key is claimed in the same transaction as the ' +
  'create, so a duplicate racing the first gets its result (or 409 if the race outlasts the retries), never a second record.';

const TAREFA_RULES =
  'Everyone signed in may create, change and complete tarefas on any client; only the `responsavel` or an administrator ' +
  '(checked live against the user pool) may change the `responsavel` or delete one (403). A `responsavel` is an enabled ' +
  "user's e-mail (`GET /equipe`; 400 otherwise), free text in the open mode. Every write is one transaction with the " +
  "tarefa's history entry (not in `GET /atividades`) and its client's next tarefa (`proximaTarefa` of the client, outside " +
  "the client's `versao`).";
const TAREFA_DAYS = "Days (`desde`, `ate`, today) are the company's time zone's (the settings' `timeZone`).";

/** What each route does, keyed by route key; every row of the route table must have one. */
export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /categorias': op('List the categories', 'The categories.', 'Every category, sorted by id, read strongly consistently (a create shows at once).'),
  'GET /categorias/{id}': op('Read one category', 'The category.', 'One category by id.'),
  'POST /categorias': op(
    'Create a category',
    'The created category.',
    `Creates a category with a new id and \`versao\` 1 (an \`id\` in the body is ignored). ${UNIQUE_NAME} ${IDEMPOTENT_POST}`,
  ),
  'PUT /categorias': op(
    'Update a category',
    'The updated category.',
    `Replaces the \`descricao\` of the category whose \`id\` is in the body; never creates. ${UNIQUE_NAME} ` +
      `Changing only the case, accents or spacing of its own name is allowed. ${VERSAO_PUT}`,
  ),
  'DELETE /categorias/{id}': op(
    'Delete a category',
    'Deleted; no body.',
    `Deletes a category that no client uses (409 while any client uses it; clients in the trash don't count). ${TO_TRASH} Its unique name is freed meanwhile (a restore claims it again, or 409).`,
  ),
  'GET /categorias/{id}/historico': historyOp('category'),
  'GET /produtos': shapedOp(
    'List the clients',
    'The clients.',
    'Every client, sorted by id, with its category embedded as it is now and without `observacoes` (read one client for ' +
      'them); read strongly consistently. Large lists come back whole (compressed when the client accepts gzip or br) ' +
      `while the answer fits Lambda's response cap and the portfolio holds at most ${LIMITS.lista.listaCompletaMax.toLocaleString('en-US')} ` +
      'clients; beyond, 413 with a message that says to use `GET /produtos/pagina`.',
    { status: '200', response: 'ProdutoList', errors: ['413:ListTooLarge'] },
  ),
  'GET /produtos/pagina': shapedOp(
    'List the clients a page at a time',
    "A page of the view, its next cursor and the view's totals.",
    'A view of the client list, a page at a time whatever its size: sorted by `ordem` (`nome` in pt-BR order, accents ' +
      'and case aside and numbers by value; `valor`; `categoria`: by category name, then client name, the clients ' +
      'without one last; `alteracao`: last change; `proxima`: by the next tarefa\'s `quando`, the clients without one last), ' +
      '`direcao` `asc` or `desc`, ties by id; filtered by `categoria` ' +
      '(an id, 0 for the clients without one) and `vip=1`; searched by `q`: clients having, for each word of `q`, a ' +
      'word of their name, e-mail or CPF/CNPJ that starts with it (accents and case aside; digits written with the ' +
      "CPF/CNPJ's punctuation count as one word); or the clients whose contract ends between `fimDe` and `fimAte` " +
      '(inclusive, either may be left out), soonest first. Each page is one query of an index; clients created or ' +
      'deleted between pages never make another one skipped or repeated (one whose sort value changes may move). The ' +
      'index is eventually consistent: a write shows within a second. 503 with Retry-After while the clients stored ' +
      'before the index are being indexed (once, after the upgrade). `observacoes=1` adds each client\'s notes (a page of 100 ' +
      `with the longest notes stays far under Lambda's answer cap): an export reads every page with them. ${PAGED}`,
    { status: '200', response: 'ProdutoPagina', errors: ['400'], query: ['Ordem', 'Direcao', 'CategoriaFiltro', 'Vip', 'SemProximaTarefa', 'Busca', 'FimDe', 'FimAte', 'Observacoes'] },
  ),
  'POST /produtos/existentes': shapedOp(
    'Find the clients a file would meet',
    'The stored clients having one of the names or CPFs/CNPJs, sorted by id.',
    'The stored clients whose `nome` is one of `nomes` (accents and case aside, the same inner spacing) or whose `documento` is one of ' +
      '`documentos` (as stored: digits, a CNPJ\'s letters in capitals), as the list returns them: what a CSV import\'s review ' +
      `needs, at any size, without reading the whole list (each name one index query, the CPFs/CNPJs their claims). At most ` +
      `${LIMITS.existentes.nomesMax} names and ${LIMITS.existentes.documentosMax} CPFs/CNPJs per request. Reads only: a POST for the ` +
      'size of its body. 503 with Retry-After while the clients stored before the index are being indexed (names only).',
    { status: '200', response: 'ProdutoList', body: 'Existentes', errors: ['400', '413', '415'] },
  ),
  'GET /produtos/{id}': op('Read one client', 'The client.', 'One client by id, with its category embedded as it is now.'),
  'POST /produtos': op(
    'Create a client',
    'The created client.',
    'Creates a client with a new id and `versao` 1, and counts it in its category totals in the same transaction ' +
      `(400 if the category does not exist). ${UNIQUE_DOCUMENTO} ${IDEMPOTENT_POST}`,
  ),
  'PUT /produtos': op(
    'Update a client',
    'The updated client.',
    'Replaces the editable fields of the spec of the client whose `id` is in the body (an absent `segmento`, `pontoFocal` ' +
      'or `categoria` becomes empty / none); never creates. The contact and contract fields (`email`, `telefone`, ' +
      '`documento`, `observacoes`, `inicioContrato`, `fimContrato`) follow another rule, so that a client that does not ' +
      'know them (the original ClientFlow client, the spec\'s payload) never erases them: absent from the body, kept; ' +
      '`null` or `""`, cleared; a value, replaced. Moving it to another category adjusts both counts in the same ' +
      `transaction. ${UNIQUE_DOCUMENTO} ${VERSAO_PUT}`,
  ),
  'DELETE /produtos/{id}': op(
    'Delete a client',
    'Deleted; no body.',
    `Deletes a client and uncounts it from its category in the same transaction. ${TO_TRASH} Its CNPJ/CPF (\`documento\`) is ` +
      'freed meanwhile (a restore claims it again, or 409 naming the client that holds it now).',
  ),
  'GET /produtos/{id}/historico': historyOp('client'),
  'GET /lixeira': shapedOp(
    'List the trash',
    'The deleted records, most recent first.',
    `The records deleted in the last \`TRASH_DAYS\` days (${LIMITS.trashDays.default} unless the deployment says otherwise), ` +
      `most recently deleted first. ${PAGED} Expired entries, and entries an administrator is deleting for good, are never listed.`,
    { status: '200', response: 'LixeiraPagina', errors: ['400'] },
  ),
  'POST /lixeira/{tipo}/{id}/restaurar': shapedOp(
    'Restore a record from the trash',
    'The record, back with its id.',
    'Puts the record back with the same id and `versao` + 1 in one transaction: its copy leaves the trash, its ' +
      'unique name is claimed again (409 naming the record that holds it now, with `campo`), a client is counted in ' +
      'its category again, and the history records the restore. A client whose category no longer exists comes back ' +
      'without category, and `aviso` says so. 404 when the record is not in the trash (never deleted, restored already ' +
      '— a second restore —, purged, or expired).',
    { status: '200', response: 'Restaurado', errors: ['400', '404', '409'] },
  ),
  'DELETE /lixeira/{tipo}/{id}': shapedOp(
    'Delete a record for good',
    'Removed; no body.',
    'Administrators only (403 for anyone else, before the request is validated). Removes the record\'s copy from the ' +
      'trash, its whole history and activity items, and the idempotency record of its create while that still holds ' +
      'it (its personal data goes with it); it can\'t be restored after. A restore racing it is refused. A purge that ' +
      'failed half-way can be sent again. Its id is never given to another record. 404 when it is not in the trash.',
    { status: '204', errors: ['400', '404'] },
  ),
  'GET /observacoes': {
    summary: "The clients' notes, for an export",
    answer: 'A page of notes, by client id.',
    description:
      'The `observacoes` of every client that has some, sorted by id: what `GET /produtos` leaves out, for a CSV export ' +
      `of the list. Each page holds about ${LIMITS.exportacao.observacoesBytes / (1024 * 1024)} MB of JSON at most; pass its \`cursor\` ` +
      'as `?cursor=` for the next (null: the last).',
    shape: { status: '200', response: 'ObservacaoPagina', errors: ['400'], cursorOnly: true },
  },
  'GET /importacoes': {
    summary: 'List the imports',
    answer: 'A page of imports, newest first.',
    description:
      "The caller's CSV imports, newest first, with where each stands (an administrator sees everyone's, to undo them too): " +
      `one stopped midway (\`importando\`) may be continued or undone, a concluded one undone within the trash period. ${PAGED}`,
    shape: { status: '200', response: 'ImportacaoPagina', errors: ['400'] },
  },
  'GET /importacoes/{id}': {
    summary: 'Read one import',
    answer: 'The import, with the lines it created.',
    description:
      'One import, with the lines of its file whose clients it created: a page continuing it sends the other lines (a line sent ' +
      "again is answered with the client it created, never created twice). Only the import's author or an administrator (403).",
    shape: { status: '200', response: 'ImportacaoDetalhe', errors: ['400', '404'] },
  },
  'POST /importacoes': {
    summary: 'Start a CSV import',
    answer: 'The new import; its author is the caller.',
    description: `Starts an import of clients; send its rows in batches to POST /importacoes/{id}/lotes. ${IDEMPOTENT_POST}`,
    shape: { status: '201', response: 'Importacao', body: 'ImportacaoInput', errors: ['400', '409', '413', '415', '422'] },
  },
  'POST /importacoes/{id}/categorias': {
    summary: 'Create a category of an import',
    answer: 'The created category.',
    description:
      `Creates a category the import's rows name, as POST /categorias does (${UNIQUE_NAME}), listed under the import so ` +
      `its undo deletes it once its clients are gone. Only the import's author or an administrator (403). ${IDEMPOTENT_POST}`,
    shape: { status: '201', response: 'Categoria', body: 'CategoriaInput', errors: ['400', '404', '409', '413', '415', '422'] },
  },
  'POST /importacoes/{id}/lotes': {
    summary: 'Create a batch of rows of an import',
    answer: 'The created and the failed lines.',
    description:
      'Creates each valid row as POST /produtos would (its count in its category in the same transaction), in ' +
      'transactions of at most 100 items; a row whose write is refused (a category that no longer exists, a CNPJ/CPF another ' +
      'client or an earlier row of the batch has…) fails alone with its reason. The `Idempotency-Key` is required (400 without it; see the parameter): the same ' +
      'batch sent again with the same key replays its answer and creates nothing twice; a line of the file the import created ' +
      'already is answered with that client, under any key. Send batches one at a time; mark the last one `fim` (the import ' +
      `is then concluded). Body limit: ${LIMITS.importacao.bodyBytes / 1024} KB. Only the ` +
      "import's author or an administrator (403); 409 once the import was concluded or undone.",
    shape: { status: '200', response: 'ImportacaoLoteResultado', body: 'ImportacaoLote', errors: ['400', '404', '409', '413', '415', '422'] },
  },
  'POST /importacoes/{id}/desfazer': {
    summary: 'Undo an import (one step)',
    answer: 'How many records this step deleted and how many are left.',
    description:
      `Deletes up to ${LIMITS.importacao.desfazerPorChamada} of the records the import created, each as DELETE /produtos/{id} ` +
      'does, then the categories it created as DELETE /categorias/{id} does (one that has clients again stays); call again until `restantes` is 0. ' +
      'The first step marks the import `desfazendo` (no batch is accepted after it), the one that leaves nothing `desfeita`. ' +
      "Only the import's author or an administrator (403), within the trash period (409 after it).",
    shape: { status: '200', response: 'ImportacaoDesfazerResultado', errors: ['400', '404', '409'] },
  },
  'POST /importacoes/{id}/restaurar': {
    summary: 'Restore an undone import (one step)',
    answer: 'How many records this step restored, which could not come back and why, and how many are left.',
    description:
      `Brings back from the trash up to ${LIMITS.importacao.desfazerPorChamada} of the records the import's undo deleted, each as ` +
      'POST /lixeira/{tipo}/{id}/restaurar does (same id; the categories first, so the clients come back into them); call again until ' +
      '`restantes` is 0. A record that cannot come back (purged, its trash period over, its name or document taken meanwhile) is ' +
      "listed in `falhas` with why. Once nothing is left the import is `concluida` again (and can be undone again). Only an undone import " +
      "(409 otherwise), by the import's author or an administrator (403).",
    shape: { status: '200', response: 'ImportacaoRestaurarResultado', errors: ['400', '404', '409'] },
  },
  'GET /resumo': readOp(
    'The portfolio totals',
    'The totals.',
    `Clients, VIPs (contract above ${VIP_THRESHOLD}) and contract sums, in all, by category and without one. Every ` +
      "client write keeps them exact in its own transaction, so this is one read of the categories' totals, " +
      'whatever the number of clients.',
    'Resumo',
  ),
  'GET /atividades': readOp(
    'The latest changes',
    'The changes, newest first.',
    `The last ${RECENT_ACTIVITY_LIMIT} changes of clients and categories (created, changed, deleted, restored): who, when, which fields.`,
    'AtividadeList',
  ),
  'GET /tarefas': shapedOp(
    'List tarefas (the agenda)',
    'A page of tarefas by `quando`.',
    'Tarefas ordered by `quando` (ties by id), filtered by `cliente`, `responsavel` (`me`: the caller), `status`, `tipo` and ' +
      `\`desde\`/\`ate\` (both inclusive). ${TAREFA_DAYS} A person's or the team's agenda is one query of an index whatever the ` +
      "table's size; tarefas of clients in the trash are left out (except by `cliente`). Pass the answer's `cursor` as " +
      '`?cursor=` for the next page (null: the last).',
    { status: '200', response: 'TarefaPagina', errors: ['400'], cursorOnly: true, query: ['TarefaLimit', 'ClienteFiltro', 'Responsavel', 'StatusTarefa', 'TipoTarefa', 'Desde', 'Ate', 'SemResponsavelAtivo'] },
  ),
  'GET /tarefas/resumo': shapedOp(
    'Count overdue and today’s tarefas',
    'The counts.',
    `The pending tarefas of \`responsavel\` (\`me\`, an e-mail; absent: the team) due before today and today. ${TAREFA_DAYS} ` +
      'Tarefas of clients in the trash are not counted.',
    { status: '200', response: 'TarefasResumo', errors: ['400'], query: ['Responsavel'] },
  ),
  'GET /tarefas/{id}': shapedOp('Read one tarefa', 'The tarefa.', "One tarefa by id, with its client's name as it is now.", {
    status: '200',
    response: 'Tarefa',
    errors: ['400', '404'],
  }),
  'POST /tarefas': shapedOp(
    'Create a tarefa',
    'The created tarefa.',
    `Creates a tarefa on a live client with a new id and \`versao\` 1; with \`concluida: true\` it logs a past interaction in one call. ${TAREFA_RULES} ${IDEMPOTENT_POST}`,
    { status: '201', response: 'Tarefa', body: 'TarefaInput', errors: ['400', '409', '413', '415', '422'] },
  ),
  'PUT /tarefas/{id}': shapedOp(
    'Change a tarefa',
    'The tarefa as changed.',
    `Changes the fields sent (absent: kept): reschedule, complete (\`concluida\`, \`resultado\`), reassign. ${TAREFA_RULES} ${VERSAO_PUT}`,
    { status: '200', response: 'Tarefa', body: 'TarefaUpdate', errors: ['400', '404', '409', '413', '415'] },
  ),
  'DELETE /tarefas/{id}': shapedOp('Delete a tarefa', 'Deleted; no body.', `Its \`responsavel\` or an administrator only (403). ${TO_TRASH}`, {
    status: '204',
    errors: ['400', '404', '409'],
  }),
  'GET /tarefas/{id}/historico': shapedOp('Read a tarefa’s history', 'The history, newest first.', HISTORY, {
    status: '200',
    response: 'HistoricoPagina',
    errors: ['400', '404'],
  }),
  'GET /equipe': shapedOp(
    'List the team',
    'The enabled users.',
    "The enabled users' e-mails, sorted: who may be a tarefa's `responsavel`. Open to everyone signed in; empty in the open mode.",
    { status: '200', response: 'Equipe', errors: [] },
  ),
  'GET /usuarios': usersOp('List the users', 'The users.', 'Every user of the user pool, sorted by e-mail, with their status.', {
    status: '200',
    response: 'UsuarioList',
    errors: ['404'],
  }),
  'POST /usuarios': usersOp(
    'Invite a user',
    'The invited user (status `FORCE_CHANGE_PASSWORD`).',
    'Creates the user with the e-mail as user name; Cognito e-mails the invitation with a temporary password, which ' +
      `the person changes at the first sign-in. \`admin: true\` also makes them an administrator. 409 when a user ` +
      'with that e-mail exists (`campo` is `email`).',
    { status: '201', response: 'Usuario', body: 'UsuarioInput', errors: ['400', '404', '409', '413', '415'] },
  ),
  'POST /usuarios/{email}/convite': usersOp(
    'Resend the invitation',
    'Sent; no body.',
    'E-mails the invitation again with a new temporary password (the previous one stops working). 409 once the ' +
      'user has signed in and set a password: reset the password instead.',
    { status: '204', errors: ['400', '404', '409'] },
  ),
  'POST /usuarios/{email}/senha': usersOp(
    'Reset the password',
    'Reset; no body.',
    'The current password stops working and Cognito e-mails a code; the person sets a new password with it ' +
      '(“Esqueci minha senha” on the sign-in page). 409 while the user is still on the invitation (resend it instead) or disabled.',
    { status: '204', errors: ['400', '404', '409'] },
  ),
  'PUT /usuarios/{email}/ativo': usersOp(
    'Enable or disable a user',
    'The user as it is now.',
    `A disabled user cannot sign in or refresh a session, and is signed out everywhere. ${SELF}`,
    { status: '200', response: 'Usuario', body: 'UsuarioAtivo', errors: ['400', '404', '409', '413', '415'] },
  ),
  'PUT /usuarios/{email}/admin': usersOp(
    'Make or unmake an administrator',
    'The user as it is now.',
    `Puts the user in the \`${ADMIN_GROUP}\` group or takes them out; it shows in their next session (or token refresh). ${SELF}`,
    { status: '200', response: 'Usuario', body: 'UsuarioAdmin', errors: ['400', '404', '409', '413', '415'] },
  ),
  'DELETE /usuarios/{email}': usersOp('Delete a user', 'Deleted; no body.', `Deletes the user from the pool. ${SELF}`, {
    status: '204',
    errors: ['400', '404', '409'],
  }),
  'DELETE /usuarios/{email}/autenticador': usersOp(
    'Reset the authenticator',
    'Reset; no body.',
    "Turns the person's authenticator app (TOTP) off, for a lost phone: they sign in with the password and set up a new " +
      'one (an administrator must, before acting as one). 409 for oneself: use Minha conta.',
    { status: '204', errors: ['400', '404', '409'] },
  ),
  'GET /lembretes': shapedOp(
    "Read one's reminder settings",
    "The caller's reminders.",
    'Whether the caller has a live private calendar URL (and since when; the URL itself is never shown again after it ' +
      `is made) and whether the morning e-mail reaches them. ${SIGN_IN_ONLY}`,
    { status: '200', response: 'Lembretes', errors: ['404'] },
  ),
  'PUT /lembretes/email': shapedOp(
    'Turn the morning e-mail on or off',
    "The caller's reminders.",
    'The morning e-mail (07:30 in the company\'s time zone: the overdue and today\'s pending tarefas, only on days ' +
      `with some) is on unless the person turns it off; stored in the table, per person. ${SIGN_IN_ONLY}`,
    { status: '200', response: 'Lembretes', body: 'EmailDiario', errors: ['400', '404', '413', '415'] },
  ),
  'POST /lembretes/calendario': shapedOp(
    'Make a new private calendar URL',
    'The new URL\'s path, shown this once.',
    'A new secret (256 random bits) for the caller\'s calendar feed: `caminho` is the feed\'s path under the API ' +
      '(`/calendario/<secret>.ics`; the site prefixes its origin and `/api`). Only its SHA-256 is stored, so it is shown ' +
      `this once. The previous URL, if any, answers 404 from this moment. ${SIGN_IN_ONLY}`,
    { status: '201', response: 'CalendarioCriado', errors: ['404', '409'] },
  ),
  'DELETE /lembretes/calendario': shapedOp(
    'Revoke the private calendar URL',
    'Revoked (also when there was none); no body.',
    `The URL answers 404 from this moment (calendar apps drop the events at their next refresh). ${SIGN_IN_ONLY}`,
    { status: '204', errors: ['404', '409'] },
  ),
  'GET /calendario/{segredo}': shapedOp(
    'The private calendar feed (iCalendar)',
    'The feed.',
    'The one route without a token: calendar apps (Google Calendar, Outlook, the iPhone) subscribe to its URL, whose ' +
      'secret opens it. The person\'s pending tarefas as events: `SUMMARY` is the tarefa\'s type and its client\'s ' +
      'name (nothing else of the record), `DTSTART` in UTC, `DURATION` from `duracaoMin`, `UID` stable per tarefa. ' +
      '404 for a wrong, replaced or revoked secret, or a person disabled in the user pool. Calendar apps refresh on ' +
      `their own schedule (up to a day). ${SIGN_IN_ONLY}`,
    {
      status: '200',
      errors: ['404'],
      text: { contentType: 'text/calendar', description: 'RFC 5545 text: CRLF line ends, lines folded at 75 octets.' },
    },
  ),
};

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'BadRequest',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'UnprocessableContent',
};

/** The `Idempotency-Key` parameter of a route, by its row's `idempotencyKey`. */
const KEY_PARAMETER = { optional: 'IdempotencyKey', required: 'IdempotencyKeyRequired' } as const;

/** A records route's shape: a record, a list of them, the body of a create or an update, by method and path. */
function recordShape(route: RouteDef): UsersShape {
  const record = RECORD_SCHEMA[route.path.split('/')[1]!]!;
  const response = route.method === 'DELETE' ? undefined : route.method === 'GET' && !route.path.includes('{id}') ? `${record}List` : record;
  const body = route.method === 'POST' ? `${record}Input` : route.method === 'PUT' ? `${record}Update` : undefined;
  return { status: SUCCESS_STATUS[route.method] as UsersShape['status'], response, body, errors: errorsOf(route) };
}

export function buildOperation(route: RouteDef, op: OperationDoc): OpenApiOperation {
  const parameters: { $ref: string }[] = [];
  if (route.path.includes('{tipo}')) parameters.push(ref('parameters', 'Tipo'));
  if (route.path.includes('{id}')) parameters.push(ref('parameters', 'Id'));
  if (route.path.includes('{email}')) parameters.push(ref('parameters', 'Email'));
  if (route.path.includes('{segredo}')) parameters.push(ref('parameters', 'Segredo'));
  // A create a client may retry, as its row says (the HTTP layer reads the header from the same row).
  if (route.idempotencyKey) parameters.push(ref('parameters', KEY_PARAMETER[route.idempotencyKey]));
  const shape = op.shape ?? recordShape(route);
  // A paged list: `?limit=&cursor=`.
  if (shape.response?.endsWith('Pagina')) parameters.push(...(shape.cursorOnly ? [] : [ref('parameters', 'Limit')]), ref('parameters', 'Cursor'));
  for (const name of shape.query ?? []) parameters.push(ref('parameters', name));
  const responses: Record<string, JsonSchema> = {
    [shape.status]: shape.text
      ? { description: op.answer, content: { [shape.text.contentType]: { schema: { type: 'string', description: shape.text.description } } } }
      : shape.response
        ? { description: op.answer, content: jsonContent(ref('schemas', shape.response)) }
        : { description: op.answer },
  };
  // `413:ListTooLarge`: the status with a response of its own.
  for (const error of shape.errors) {
    const [status, name] = error.split(':') as [string, string | undefined];
    responses[status] = ref('responses', name ?? (ERROR_RESPONSES[status] as string));
  }
  // The public route has no authorizer: no token, no 401.
  if (!isPublic(route)) responses['401'] = ref('responses', 'Unauthorized');
  responses['403'] = ref('responses', 'Forbidden');
  responses['429'] = ref('responses', 'GatewayThrottled');
  responses['500'] = ref('responses', 'InternalError');
  responses['503'] = ref('responses', 'ServiceUnavailable');
  return {
    operationId: route.name.charAt(0).toLowerCase() + route.name.slice(1),
    tags: [route.path.split('/')[1] as string],
    summary: op.summary,
    description: op.description,
    ...(isPublic(route) ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(shape.body ? { requestBody: { required: true, content: jsonContent(ref('schemas', shape.body)) } } : {}),
    responses,
  };
}

/** The routes that take an `Idempotency-Key` (those that require one, with `required`). */
export const keyedRoutes = (only?: 'required'): RouteDef[] =>
  routes.filter((r) => (only ? r.idempotencyKey === only : r.idempotencyKey !== undefined));

