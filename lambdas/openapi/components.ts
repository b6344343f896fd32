/**
 * The reusable parts of the OpenAPI document: the schemas (responses converted from the
 * contract's zod response schemas, request bodies from its zod request schemas, both with
 * `z.toJSONSchema`), the parameters, headers, error responses and the security scheme.
 */
import * as z from 'zod';
import { ADMIN_GROUP, EMAIL_MAX_LENGTH } from '../contract/auth.ts';
import { CONTATO_FIELDS, type ContatoField } from '../contract/cliente.ts';
import { ISO_DATE_PATTERN } from '../contract/datas.ts';
import { DECIMAL_STRING_PATTERN, DIRECOES, ID_PATTERN, IDEMPOTENCY_KEY_PATTERN, LIMITS, ORDENS_LISTA } from '../contract/limits.ts';
import { RESPONSE_SCHEMAS, tipoSchema } from '../contract/responses.ts';
import {
  categoriaInputSchema,
  categoriaUpdateSchema,
  clienteInputSchema,
  clienteUpdateSchema,
  existentesSchema,
  emailDiarioSchema,
  importacaoInputSchema,
  tarefaInputSchema,
  tarefaUpdateSchema,
  importacaoLoteSchema,
  usuarioAdminSchema,
  usuarioAtivoSchema,
  usuarioInputSchema,
} from '../contract/schemas.ts';
import { STATUS_TAREFA, TIPOS_TAREFA } from '../contract/tarefa.ts';
import { CATEGORY_NAME_PATTERN } from '../contract/text.ts';
import { ORIGIN_VERIFY } from '../routes.ts';
import type { JsonSchema, OpenApiDocument } from './document.ts';

export const ref = (kind: keyof OpenApiDocument['components'], name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Where a component schema lives in the document. */
const schemaUri = (id: string) => `#/components/schemas/${id}`;

/** Lengths are checked by the server after trimming, in Unicode code points (as JSON Schema counts). */
const LENGTH_NOTE =
  'Leading and trailing white space and invisible characters (zero-width spaces and joiners, BOM) are ' +
  'trimmed and the text is stored in Unicode NFC before the checks; lengths count code points of that ' +
  'text (an emoji counts 1), as `maxLength` does. Control characters other than white space, and ' +
  'U+FFFD (the mark of a wrong decoding), are refused with 400.';

const isContatoField = (name: string): name is ContatoField => (CONTATO_FIELDS as readonly string[]).includes(name);

/**
 * The contact and contract fields as a request may write them. Formats beyond JSON Schema's own
 * (`telefone-br`, `cpf-cnpj`) are described in the field's description; `email` and `date` are
 * read as described there too (the validator of the tests implements all four with the contract's readers).
 */
const CONTATO_REQUEST: Record<ContatoField, JsonSchema> = {
  // idn-email: the API takes internationalized addresses (`joão@açaí.com.br`), which `email` would not.
  email: { type: 'string', format: 'idn-email', maxLength: LIMITS.email.max },
  telefone: { type: 'string', format: 'telefone-br', maxLength: LIMITS.telefone.maxInput },
  documento: { type: 'string', format: 'cpf-cnpj', maxLength: LIMITS.documento.maxInput },
  observacoes: { type: 'string', maxLength: LIMITS.observacoes.max },
  inicioContrato: { type: 'string', format: 'date', pattern: ISO_DATE_PATTERN.source },
  fimContrato: { type: 'string', format: 'date', pattern: ISO_DATE_PATTERN.source },
};

const KEEP_OR_CLEAR =
  'Optional. In a PUT, a field absent from the body is kept as stored (a client that does not know it never erases ' +
  'it); `null` or `""` clears it. Absent from answers when not set.';

/** The docs of the client's contact and contract fields. */
function contatoDocs(): Record<ContatoField, string> {
  const { data } = LIMITS;
  return {
    email: `The client's contact e-mail: \`name@domain\`, at most ${LIMITS.email.max} characters; stored with the domain in lower case. ${KEEP_OR_CLEAR}`,
    telefone:
      'A Brazilian phone number with its area code (DDD), a mobile (9 digits starting with 9) or a landline (8 digits ' +
      'starting with 2–5), written in any common way (`(11) 98765-4321`, `11987654321`, `+55 11 98765-4321`, ' +
      `\`011 98765-4321\`); an area code not in use is refused. Stored and returned in E.164, \`+5511987654321\`. ${KEEP_OR_CLEAR}`,
    documento:
      'The client\'s CPF or CNPJ, with or without punctuation (`123.456.789-09`, `12.345.678/0001-95`), including the ' +
      'alphanumeric CNPJ issued from July 2026 (`12.ABC.345/01DE-35`, letters in any case); the check digits are verified ' +
      '(400 otherwise). Stored and returned without punctuation, letters in upper case. Unique among the clients: one that ' +
      'another client has is 409 `{"mensagem": "O documento … já está cadastrado para o cliente “…”.", "campo": "documento"}`. ' +
      KEEP_OR_CLEAR,
    observacoes: `Free notes, up to ${LIMITS.observacoes.max} characters (line breaks kept as \`\\n\`). ${LENGTH_NOTE} ${KEEP_OR_CLEAR}`,
    inicioContrato: `Contract start, an ISO date \`YYYY-MM-DD\` from ${data.min} to ${data.max}. ${KEEP_OR_CLEAR}`,
    fimContrato:
      `Contract end, an ISO date \`YYYY-MM-DD\` from ${data.min} to ${data.max}, not before \`inicioContrato\` (the one sent, ` +
      `or in a PUT the one kept; 400 otherwise). ${KEEP_OR_CLEAR}`,
  };
}

const FIELD_DOCS: Record<string, string> = {
  id: 'The record id (an integer ≥ 1 assigned by the server). In a POST body it is ignored.',
  versao:
    'Optimistic lock. Optional: when sent, the update succeeds only if it is still the current ' +
    'version of the record (checked in the same conditional write), otherwise 409. When absent ' +
    '(or null), the last writer wins.',
  descricao: `The category's name, ${LIMITS.descricao.min}–${LIMITS.descricao.max} characters. ${LENGTH_NOTE}`,
  nome: `The client's name, ${LIMITS.nome.min}–${LIMITS.nome.max} characters. ${LENGTH_NOTE}`,
  segmento: `Business segment, 0–${LIMITS.segmento.max} characters; absent or null is stored as ''. ${LENGTH_NOTE}`,
  pontoFocal: `Contact person, 0–${LIMITS.pontoFocal.max} characters; absent or null is stored as ''. ${LENGTH_NOTE}`,
  valorContrato:
    'Contract value in BRL: a JSON number, or a JSON string holding a plain decimal with a dot ' +
    '(`"1500"`, `"1500.50"`, as the original ClientFlow client sends it; stored and returned as a number). ' +
    'A string with an exponent, hex, a comma (`"1.500,00"` is ambiguous), spaces, `NaN`/`Infinity` or nothing is refused. ' +
    `${LIMITS.valorContrato.min} ≤ v ≤ ${LIMITS.valorContrato.max}, at most ` +
    `${LIMITS.valorContrato.decimals} decimals: the number must be exactly the one its ${LIMITS.valorContrato.decimals}-decimal ` +
    'rendering denotes (1.15 is accepted; 1.151 and 999999.979 are not). ' +
    'Decimals are kept as sent (999.5 stays 999.5).',
  categoria:
    'The category of the client: `{ "id": n }` of an existing category (400 otherwise), or null / ' +
    'absent for none. Only `categoria.id` counts; any other field in it (e.g. `descricao`) is ignored.',
  // The client's contact and contract fields; the users API's `email` is USUARIO_EMAIL_DOC.
  ...contatoDocs(),
};

/** The users API's `email` (a client's `email` is a contact address: FIELD_DOCS.email). */
const USUARIO_EMAIL_DOC =
  `The person's e-mail, which they sign in with: trimmed and lower-cased, then at most ${EMAIL_MAX_LENGTH} ` +
  'characters, one `@`, a domain of two labels or more, no white space.';

const USUARIO_FIELD_DOCS: Record<string, string> = {
  email: USUARIO_EMAIL_DOC,
  admin: `\`true\`: an administrator (in the \`${ADMIN_GROUP}\` group); \`false\` (or, on an invitation, absent): a member.`,
  total: `The data rows of the file the page is about to send (0–${LIMITS.importacao.maxLinhas}).`,
  arquivo: "The file's name, as the person chose it (0–255 characters).",
  assinatura:
    "Optional: the file's SHA-256, 64 lower-case hex digits. Returned with the import, so a page continuing it can " +
    'check it was given the same file.',
  linhas:
    `0–${LIMITS.importacao.linhasPorLote} rows (none only with \`fim\`), each \`{"linha": n, "cliente": <a POST /produtos body>}\` with its ` +
    'line number in the file (unique in the batch); each `cliente` is validated on its own with the rules of POST /produtos.',
  fim: "Optional: `true` on the file's last batch; the import is then `concluida` (it takes no more rows).",
  nomes: `Optional: client names (up to ${LIMITS.existentes.nomesMax}, each up to ${LIMITS.nome.max} characters).`,
  documentos: `Optional: CPFs/CNPJs as stored (up to ${LIMITS.existentes.documentosMax}).`,
  ativo: '`false` disables the user (they cannot sign in, and are signed out everywhere); `true` enables them again.',
};

/** The tarefas' fields (a tarefa's `descricao` is not a category's: FIELD_DOCS.descricao). */
const TAREFA_FIELD_DOCS: Record<string, string> = {
  cliente: "The client's id: a live client (400 otherwise). Fixed at creation: a PUT may only repeat it.",
  tipo: `The kind: ${TIPOS_TAREFA.map((t) => `\`${t}\``).join(', ')}.`,
  descricao: `What to do, 1–${LIMITS.tarefa.descricao.max} characters (trimmed).`,
  quando: 'When, ISO 8601 date and time with its offset (`2026-11-27T10:00:00-03:00`, `…Z`); stored and returned in UTC.',
  duracaoMin: `Optional duration in minutes, ${LIMITS.tarefa.duracaoMin.min}–${LIMITS.tarefa.duracaoMin.max}; \`null\` clears it.`,
  responsavel:
    "Who does it: an enabled user's e-mail with sign-in (400 otherwise; absent on a create: the caller), free text in the open mode. " +
    'Changing it needs the current responsavel or an administrator (403).',
  concluida: 'Done or not; `true` stamps `concluidaEm`/`concluidaPor` (a create may log a past interaction as done).',
  resultado: `What happened, up to ${LIMITS.tarefa.resultado.max} characters; \`null\` or blank clears it.`,
  versao: 'Optional: the version you loaded (409 when the tarefa changed since).',
};

const moneyRange = {
  minimum: LIMITS.valorContrato.min,
  maximum: LIMITS.valorContrato.max,
  multipleOf: 1 / 10 ** LIMITS.valorContrato.decimals,
};

/**
 * Converts a zod request schema to its JSON Schema (the input side: what a client may send) and
 * adds what JSON Schema can say but zod's converter does not (decimals, non-blank, docs).
 */
function requestSchema(schema: z.ZodType, title: string, description: string, docs = FIELD_DOCS): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  const properties = json.properties as Record<string, JsonSchema>;
  for (const [name, prop] of Object.entries(properties)) {
    if (docs === FIELD_DOCS && isContatoField(name)) {
      // As written (punctuation allowed), blank, or null; a format names what the server reads.
      properties[name] = { anyOf: [CONTATO_REQUEST[name], { type: 'string', maxLength: 0 }, { type: 'null' }], description: docs[name] };
      continue;
    }
    prop.description = docs[name];
    // Not blank after trimming; a category name also needs a visible letter or digit and no bidirectional control.
    if (name === 'nome') prop.pattern = '\\S';
    if (name === 'descricao' && docs === FIELD_DOCS) prop.pattern = CATEGORY_NAME_PATTERN;
    if (name === 'descricao' && prop.type === 'string' && docs === TAREFA_FIELD_DOCS) prop.pattern = '\\S';
    if (name === 'valorContrato') {
      // The range and decimals apply to the number, also when it comes as a string.
      const [number, text] = prop.anyOf as JsonSchema[];
      Object.assign(number!, moneyRange);
      Object.assign(text!, { pattern: DECIMAL_STRING_PATTERN.source });
    }
  }
  return {
    title,
    description: `${description} Unknown fields are ignored and never stored.`,
    ...json,
  };
}

/**
 * The response schemas, converted from the contract's zod schemas (contract/responses.ts): a
 * schema that names another component refers to it (`$ref`), as the document lays them out.
 */
function responseSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string; title: string; description: string }>();
  for (const schema of RESPONSE_SCHEMAS) registry.add(schema, z.globalRegistry.get(schema) as { id: string; title: string; description: string });
  const { schemas } = z.toJSONSchema(registry, { io: 'output', target: 'draft-2020-12', uri: schemaUri });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, converted]) => {
      const { $schema: _dialect, $id: _id, id: _name, title, description, ...json } = converted as JsonSchema;
      return [id, { title, description, ...json }];
    }),
  );
}

/** Every schema of the document: the responses' and the request bodies'. */
export function buildSchemas(): Record<string, JsonSchema> {
  return {
    ...responseSchemas(),
    CategoriaInput: requestSchema(categoriaInputSchema, 'CategoriaInput', 'The body of POST /categorias.'),
    CategoriaUpdate: requestSchema(
      categoriaUpdateSchema,
      'CategoriaUpdate',
      'The body of PUT /categorias: the id of the record to replace, its fields and optionally `versao`.',
    ),
    ProdutoInput: requestSchema(clienteInputSchema, 'ProdutoInput', 'The body of POST /produtos.'),
    ProdutoUpdate: requestSchema(
      clienteUpdateSchema,
      'ProdutoUpdate',
      'The body of PUT /produtos: replaces the editable fields of the spec (an absent `segmento`, `pontoFocal` or ' +
        '`categoria` becomes empty / none); a contact or contract field absent from the body is kept, `null` or `""` clears it.',
    ),
    UsuarioInput: requestSchema(usuarioInputSchema, 'UsuarioInput', 'The body of POST /usuarios: whom to invite.', USUARIO_FIELD_DOCS),
    UsuarioAtivo: requestSchema(usuarioAtivoSchema, 'UsuarioAtivo', 'The body of PUT /usuarios/{email}/ativo.', USUARIO_FIELD_DOCS),
    UsuarioAdmin: requestSchema(usuarioAdminSchema, 'UsuarioAdmin', 'The body of PUT /usuarios/{email}/admin.', USUARIO_FIELD_DOCS),
    ImportacaoInput: requestSchema(importacaoInputSchema, 'ImportacaoInput', 'The body of POST /importacoes.', USUARIO_FIELD_DOCS),
    ImportacaoLote: requestSchema(importacaoLoteSchema, 'ImportacaoLote', 'The body of POST /importacoes/{id}/lotes.', USUARIO_FIELD_DOCS),
    Existentes: requestSchema(existentesSchema, 'Existentes', 'The body of POST /produtos/existentes.', USUARIO_FIELD_DOCS),
    TarefaInput: requestSchema(tarefaInputSchema, 'TarefaInput', 'The body of POST /tarefas.', TAREFA_FIELD_DOCS),
    TarefaUpdate: requestSchema(
      tarefaUpdateSchema,
      'TarefaUpdate',
      'The body of PUT /tarefas/{id}: only the fields sent change (absent: kept), optionally with `versao`.',
      TAREFA_FIELD_DOCS,
    ),
    EmailDiario: requestSchema(emailDiarioSchema, 'EmailDiario', 'The body of PUT /lembretes/email.', USUARIO_FIELD_DOCS),
  };
}

export const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });
const error = (description: string, headers?: JsonSchema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: jsonContent(ref('schemas', 'Erro')),
});

/** The error answers every operation refers to. */
export function buildResponses(): Record<string, JsonSchema> {
  const maxKb = LIMITS.bodyBytes / 1024;
  return {
    BadRequest: error(
      `Bad input: malformed JSON, a body that is not a JSON object or nests deeper than ${LIMITS.bodyDepth} levels, ` +
        'a failed validation (the message ' +
        'names the field and the limit, `campo` its path), an id that is not `^[1-9][0-9]{0,15}$`, a category that does ' +
        'not exist, an invalid Idempotency-Key, a `limit` or `cursor` of a paged list that is not one, a `{tipo}` other ' +
        'than `produto` or `categoria`, or (users API) a path or body e-mail that is not one.',
    ),
    Unauthorized: {
      description:
        'No valid access token. API Gateway\'s JWT authorizer answers `{"message": "Unauthorized"}` itself (no token, ' +
        'a bad signature, another issuer or app client, expired or not yet valid); the API answers `{"mensagem"}` for a ' +
        'token the authorizer lets through but the API does not take (an ID token instead of the access token). Either ' +
        'way: refresh the session once, then sign in again. Never in the open mode (`-c auth=off`, `AUTH=off`).',
      content: jsonContent({ anyOf: [ref('schemas', 'ErroGateway'), ref('schemas', 'Erro')] }),
    },
    Forbidden: error(
      `The request did not come through the site's CloudFront distribution: in the cloud every request must carry ` +
        `the secret \`${ORIGIN_VERIFY.header}\` header CloudFront adds (so the execute-api URL can't bypass it); never ` +
        'locally. On the users API (`/usuarios`) and the trash\'s purge (`DELETE /lixeira/{tipo}/{id}`), also: the ' +
        'signed-in person is not an administrator (checked live against the user pool), or is one without an authenticator app (TOTP).',
    ),
    NotFound: error(
      'No such record or user (or, for any other path, no such route); on the trash\'s routes, no such record in the ' +
        'trash (never deleted, restored or purged already, or expired). On the users API, locally with AUTH=off: ' +
        '`{"mensagem": "O login está desativado."}`.',
    ),
    MethodNotAllowed: error('A known path with a method it does not have (answered by the catch-all route).', {
      Allow: ref('headers', 'Allow'),
    }),
    Conflict: error(
      'A conflict: the `versao` sent is no longer current, a category still has clients, another category ' +
        'already has the name (compared ignoring case, accents and repeated spaces; `campo` is `descricao`), another ' +
        'client already has the CPF/CNPJ (`campo` is `documento`), a ' +
        'request with the same Idempotency-Key is still running, a record restored from the trash whose name or CPF/CNPJ another ' +
        'record took meanwhile (the message names it, `campo` is the field), or a transaction kept conflicting after retries. ' +
        'On the users API: the user exists, the invitation was already accepted, the password cannot be reset in the ' +
        "user's state, or an administrator acting on their own admin role, activation or account.",
    ),
    PayloadTooLarge: error(`The request body is larger than ${maxKb} KB (${LIMITS.bodyBytes} bytes).`),
    ListTooLarge: error(
      `The whole list would not fit one answer (Lambda's ${LIMITS.responseBytes / (1024 * 1024)} MB), or holds more than ` +
        `${LIMITS.lista.listaCompletaMax.toLocaleString('en-US')} clients: the message says to use \`GET /api/produtos/pagina\`.`,
    ),
    UnsupportedMediaType: error(
      'The body was sent without a Content-Type, or with one that is not JSON in UTF-8 (`application/json` ' +
        'or `application/*+json`, with no charset or `charset=utf-8`).',
    ),
    UnprocessableContent: error('The Idempotency-Key was already used with a different body.'),
    InternalError: error(
      'An unexpected failure, or the database did not answer in time. The message is generic: internals are ' +
        'logged with the request id, never returned. After a 500 on a write its outcome is unknown: read the ' +
        'record again, or retry a create with the same Idempotency-Key.',
    ),
    ServiceUnavailable: error('The database is throttling the request; nothing was written. Retry after the delay given.', {
      'Retry-After': ref('headers', 'RetryAfter'),
    }),
    GatewayThrottled: {
      description: 'API Gateway throttled the stage (its own body, `{"message": ...}`, not `mensagem`).',
      content: jsonContent(ref('schemas', 'ErroGateway')),
    },
  };
}

/** How long a key is remembered, in hours. */
const KEY_HOURS = LIMITS.idempotencyTtlSeconds / 3600;
/** The `Idempotency-Key` rule, written once: the parameter, the operations and the overview say it from here. */
export const IDEMPOTENCY_RULE =
  `the same key with the same body within ${KEY_HOURS} hours returns the first result (same id, same status) instead ` +
  'of creating again; the same key with another body is 422';

/** The `Idempotency-Key` header parameter, optional or required (the route table's row says which). */
function idempotencyKeyParameter(required: boolean): JsonSchema {
  return {
    name: 'Idempotency-Key',
    in: 'header',
    required,
    description:
      `${required ? 'Required (400 without it). ' : ''}Makes a create safe to retry: 1–${LIMITS.idempotencyKeyMaxLength} ` +
      `visible ASCII characters (400 otherwise), remembered per route: ${IDEMPOTENCY_RULE}. Use a fresh key (e.g. a UUID) ` +
      'per form submission.',
    schema: { type: 'string', minLength: 1, maxLength: LIMITS.idempotencyKeyMaxLength, pattern: IDEMPOTENCY_KEY_PATTERN.source },
  };
}

/** The path, query and header parameters the operations refer to. */
export function buildParameters(): Record<string, JsonSchema> {
  const { $schema: _dialect, ...tipo } = z.toJSONSchema(tipoSchema, { target: 'draft-2020-12' }) as JsonSchema;
  return {
    Email: {
      name: 'email',
      in: 'path',
      required: true,
      description: "A user's e-mail (their Cognito user name), URL-encoded (`ana%40empresa.com.br`); 400 when it is not an e-mail.",
      schema: { type: 'string', minLength: 1 },
    },
    Segredo: {
      name: 'segredo',
      in: 'path',
      required: true,
      description: 'The calendar URL\'s secret (43 base64url characters), with or without `.ics`; 404 when it opens no live feed.',
      schema: { type: 'string', minLength: 1 },
    },
    Tipo: {
      name: 'tipo',
      in: 'path',
      required: true,
      description: 'The kind of record (400 otherwise).',
      schema: { ...tipo, description: 'The kind of record: a client (`produto`), a category or a tarefa.' },
    },
    Limit: {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Items per page, 1 to ${LIMITS.page.max} (default ${LIMITS.page.default}; 400 otherwise).`,
      schema: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    },
    Cursor: {
      name: 'cursor',
      in: 'query',
      required: false,
      description: "The previous page's `cursor`, to read the next page (400 for a cursor the API did not give out).",
      schema: { type: 'string', minLength: 1 },
    },
    Ordem: { name: 'ordem', in: 'query', required: false, description: 'The sort (default `nome`).', schema: { type: 'string', enum: [...ORDENS_LISTA] } },
    Direcao: { name: 'direcao', in: 'query', required: false, description: 'The direction (default `asc`).', schema: { type: 'string', enum: [...DIRECOES] } },
    CategoriaFiltro: {
      name: 'categoria',
      in: 'query',
      required: false,
      description: "Only this category's clients (0: those without one).",
      schema: { type: 'string', pattern: '^(0|[1-9][0-9]{0,15})$' },
    },
    Vip: { name: 'vip', in: 'query', required: false, description: '`1`: only VIP clients.', schema: { type: 'string', enum: ['0', '1'] } },
    Observacoes: {
      name: 'observacoes',
      in: 'query',
      required: false,
      description: '`1`: each client with its `observacoes` (the CSV export, page by page, with no separate read of every note).',
      schema: { type: 'string', enum: ['0', '1'] },
    },
    SemProximaTarefa: {
      name: 'semProximaTarefa',
      in: 'query',
      required: false,
      description: '`1`: only the clients without a next (pending) tarefa; not with `q` nor `fimDe`/`fimAte`.',
      schema: { type: 'string', enum: ['0', '1'] },
    },
    Busca: {
      name: 'q',
      in: 'query',
      required: false,
      description: 'The words to search by prefix (see the operation); not with `fimDe`/`fimAte`.',
      schema: { type: 'string', maxLength: LIMITS.lista.buscaMax },
    },
    FimDe: { name: 'fimDe', in: 'query', required: false, description: 'Contracts ending on or after this date.', schema: { type: 'string', pattern: ISO_DATE_PATTERN.source } },
    FimAte: { name: 'fimAte', in: 'query', required: false, description: 'Contracts ending on or before this date.', schema: { type: 'string', pattern: ISO_DATE_PATTERN.source } },
    TarefaLimit: {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Tarefas per page, 1 to ${LIMITS.tarefa.page.max} (default ${LIMITS.tarefa.page.default}; 400 otherwise).`,
      schema: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    },
    ClienteFiltro: {
      name: 'cliente',
      in: 'query',
      required: false,
      description: "Only this client's tarefas (also while the client is in the trash).",
      schema: { type: 'string', pattern: ID_PATTERN.source },
    },
    Responsavel: {
      name: 'responsavel',
      in: 'query',
      required: false,
      description: "Only this person's: an e-mail (a name in the open mode), or `me` for the caller; absent: the whole team.",
      schema: { type: 'string', minLength: 1, maxLength: LIMITS.tarefa.responsavel.max },
    },
    StatusTarefa: { name: 'status', in: 'query', required: false, description: 'Only pending or only done ones (absent: both).', schema: { type: 'string', enum: [...STATUS_TAREFA] } },
    TipoTarefa: { name: 'tipo', in: 'query', required: false, description: 'Only this kind.', schema: { type: 'string', enum: [...TIPOS_TAREFA] } },
    Desde: {
      name: 'desde',
      in: 'query',
      required: false,
      description: "Due on or after this day, in the company's time zone (`YYYY-MM-DD`).",
      schema: { type: 'string', pattern: ISO_DATE_PATTERN.source },
    },
    Ate: {
      name: 'ate',
      in: 'query',
      required: false,
      description: "Due on or before this day, in the company's time zone (`YYYY-MM-DD`), inclusive.",
      schema: { type: 'string', pattern: ISO_DATE_PATTERN.source },
    },
    SemResponsavelAtivo: {
      name: 'semResponsavelAtivo',
      in: 'query',
      required: false,
      description:
        "`1`: only the team's pending tarefas whose `responsavel` is not an enabled user (disabled, deleted, or never one), clients in the trash left out. With sign-in only (400 in the open mode, and with `cliente`, `responsavel` or `status=concluida`). Each request reads a bounded part of the team's pending tarefas: a page may hold fewer than `limit` (even none) with a cursor to continue; `cursor: null` means nothing is left.",
      schema: { type: 'string', enum: ['1'] },
    },
    Id: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'A record id: a positive integer of at most 16 digits, no sign, exponent, hex or leading zero (400 otherwise).',
      schema: { type: 'string', pattern: ID_PATTERN.source },
    },
    IdempotencyKey: idempotencyKeyParameter(false),
    IdempotencyKeyRequired: idempotencyKeyParameter(true),
  };
}

/** The response headers the error answers refer to. */
export const HEADERS: Record<string, JsonSchema> = {
  Allow: {
    description: 'The methods the path accepts, e.g. `GET, DELETE`.',
    required: true,
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};

export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  cognito: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "The access token of the Cognito user pool's app client (not the ID token), as `InitiateAuth` returns it. " +
      "Checked by API Gateway's JWT authorizer (signature, issuer, client, expiry) and by the API (an access token).",
  },
};
