/**
 * The OpenAPI 3.1 description of the API, built from the route table (paths and methods), the
 * zod request schemas (bodies) and the wire types (responses). `npm run openapi` writes it to
 * docs/openapi.json; a test checks the committed file equals this and that real responses match.
 * Server/tooling only (imports zod).
 */
import { z } from 'zod';
import { ADMIN_GROUP, EMAIL_MAX_LENGTH } from './contract/auth.ts';
import { CONTATO_FIELDS, type ContatoField } from './contract/cliente.ts';
import { ISO_DATE_PATTERN } from './contract/datas.ts';
import { CATEGORY_NAME_PATTERN } from './contract/text.ts';
import {
  DECIMAL_STRING_PATTERN,
  DIRECOES,
  ID_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  LIMITS,
  ORDENS_LISTA,
  RECENT_ACTIVITY_LIMIT,
  VIP_THRESHOLD,
} from './contract/limits.ts';
import {
  categoriaInputSchema,
  categoriaUpdateSchema,
  clienteInputSchema,
  clienteUpdateSchema,
  ASSINATURA_PATTERN,
  importacaoInputSchema,
  importacaoLoteSchema,
  usuarioAdminSchema,
  usuarioAtivoSchema,
  usuarioInputSchema,
} from './contract/schemas.ts';
import { API_BASE_PATH, ORIGIN_VERIFY, routes, type RouteDef } from './routes.ts';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** The parts of an OpenAPI 3.1 document this module builds (plain JSON data). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  /** Every operation needs a Cognito access token (unless the deployment is in the open mode). */
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters?: { $ref: string }[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

/** The version of the API contract (bump on any change of the wire format). */
export const API_VERSION = '1.3.0';

const ref = (kind: keyof OpenApiDocument['components'], name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

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

/** The contact and contract fields as stored and returned (absent when not set). */
const CONTATO_RESPONSE: Record<ContatoField, JsonSchema> = {
  email: { type: 'string', minLength: 3, maxLength: LIMITS.email.max, pattern: '^[^@\\s]+@[^@\\s]+$', description: 'Contact e-mail, its domain in lower case.' },
  telefone: { type: 'string', pattern: '^\\+55[1-9][0-9](9[0-9]{8}|[2-5][0-9]{7})$', description: 'E.164: `+5511987654321` (a mobile) or `+551134567890`.' },
  documento: {
    type: 'string',
    pattern: '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$',
    description: 'CPF (11 digits) or CNPJ (14: 12 digits or upper-case letters, then 2 check digits), no punctuation.',
  },
  observacoes: { type: 'string', minLength: 1, maxLength: LIMITS.observacoes.max, description: 'Notes; never in `GET /produtos`.' },
  inicioContrato: { type: 'string', pattern: ISO_DATE_PATTERN.source, description: 'ISO date `YYYY-MM-DD`.' },
  fimContrato: { type: 'string', pattern: ISO_DATE_PATTERN.source, description: 'ISO date `YYYY-MM-DD`, not before `inicioContrato`.' },
};

const KEEP_OR_CLEAR =
  'Optional. In a PUT, a field absent from the body is kept as stored (a client that does not know it never erases ' +
  'it); `null` or `""` clears it. Absent from answers when not set.';

/** The docs of the contact and contract fields. */
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
  ativo: '`false` disables the user (they cannot sign in, and are signed out everywhere); `true` enables them again.',
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
    if (name === 'descricao') prop.pattern = CATEGORY_NAME_PATTERN;
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

const moneyRange = {
  minimum: LIMITS.valorContrato.min,
  maximum: LIMITS.valorContrato.max,
  multipleOf: 1 / 10 ** LIMITS.valorContrato.decimals,
};
const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const versaoSchema = {
  type: 'integer',
  minimum: 1,
  description: 'Optimistic-lock version: 1 on create, +1 on each update of this record (and on a restore from the trash).',
};
/** An instant as the API writes it: ISO 8601, UTC. */
const isoInstant = (description: string) => ({
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$',
  description: `${description} (ISO 8601, UTC).`,
});
/** Who did something: the signed-in person's e-mail, `anônimo` in the open mode. */
const actorSchema = (description: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: EMAIL_MAX_LENGTH,
  description: `${description}: the signed-in person's e-mail (\`anônimo\` in the open mode).`,
});
/** The server-set who and when of every record (absent on records stored before them). */
const AUDIT_PROPERTIES = {
  criadoEm: isoInstant('When the record was created'),
  criadoPor: actorSchema('Who created it'),
  atualizadoEm: isoInstant('When it last changed (an update that changes nothing leaves it; a restore sets it)'),
  atualizadoPor: actorSchema('Who changed it last'),
};
const AUDIT_NOTE =
  ' `criadoEm`, `criadoPor`, `atualizadoEm` and `atualizadoPor` are set by the server only (ignored in a body), ' +
  'and absent on records stored before they existed.';
const TIPO_SCHEMA = { type: 'string', enum: ['produto', 'categoria'], description: 'The kind of record: a client (`produto`) or a category.' };
/** A page of a list read newest first. */
const pageOf = (title: string, item: string, description: string) => ({
  title,
  description,
  type: 'object',
  properties: {
    itens: { type: 'array', items: ref('schemas', item) },
    cursor: {
      anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }],
      description: 'Pass it as `?cursor=` for the next page; null on the last page.',
    },
  },
  required: ['itens', 'cursor'],
  additionalProperties: false,
});

/** The totals of a group of clients (`Totais`, a category's, the whole portfolio's). */
const TOTAIS_PROPERTIES = {
  clientes: { type: 'integer', minimum: 0 },
  vips: { type: 'integer', minimum: 0 },
  soma: { type: 'number', minimum: 0, description: 'Sum of the contract values in BRL (kept exact in cents by the server).' },
};

function buildSchemas(): Record<string, JsonSchema> {
  const PRODUTO_PROPERTIES: Record<string, JsonSchema> = {
    id: idSchema,
    nome: { type: 'string', minLength: LIMITS.nome.min, maxLength: LIMITS.nome.max },
    segmento: { type: 'string', maxLength: LIMITS.segmento.max },
    pontoFocal: { type: 'string', maxLength: LIMITS.pontoFocal.max },
    valorContrato: { type: 'number', ...moneyRange },
    categoria: { anyOf: [ref('schemas', 'CategoriaRef'), { type: 'null' }] },
    ...CONTATO_RESPONSE,
    versao: versaoSchema,
    ...AUDIT_PROPERTIES,
  };
  const PRODUTO_REQUIRED = ['id', 'nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoria', 'versao'];
  const IMPORTACAO = {
    title: 'Importacao',
    description: 'A CSV import: who made it, when, where it stands and how many records it created so far.',
    type: 'object',
    properties: {
      id: idSchema,
      autor: actorSchema('Who made it'),
      criadoEm: isoInstant('When it started'),
      atualizadoEm: isoInstant('Its last batch, category or undo step (its start until then)'),
      estado: {
        enum: ['importando', 'concluida', 'desfazendo', 'desfeita'],
        description:
          '`importando` while rows come in, also when the page stopped midway (it may be continued: send the lines not in ' +
          "`GET /importacoes/{id}`'s `linhas`); `concluida` after the batch marked `fim`; `desfazendo` from an undo's first " +
          'step until it deleted everything; `desfeita` then.',
      },
      total: { type: 'integer', minimum: 0, description: 'The rows the page declared.' },
      criados: { type: 'integer', minimum: 0, description: 'Clients created so far.' },
      categorias: { type: 'integer', minimum: 0, description: 'Categories it created.' },
      arquivo: { type: 'string' },
      assinatura: { type: 'string', pattern: ASSINATURA_PATTERN.source, description: "The file's SHA-256, when the page sent it." },
      desfazerAte: isoInstant('Until when it may be undone (its start plus the trash period)'),
    },
    required: ['id', 'autor', 'criadoEm', 'atualizadoEm', 'estado', 'total', 'criados', 'categorias', 'arquivo', 'desfazerAte'],
    additionalProperties: false,
  };
  return {
    Categoria: {
      title: 'Categoria',
      description:
        `A category. \`versao\` does not change when the number of clients using it changes.${AUDIT_NOTE}`,
      type: 'object',
      properties: {
        id: idSchema,
        descricao: { type: 'string', minLength: LIMITS.descricao.min, maxLength: LIMITS.descricao.max },
        versao: versaoSchema,
        ...AUDIT_PROPERTIES,
      },
      required: ['id', 'descricao', 'versao'],
      additionalProperties: false,
    },
    CategoriaRef: {
      title: 'CategoriaRef',
      description: "The client's category as it is now (a rename shows on every client).",
      type: 'object',
      properties: {
        id: idSchema,
        descricao: { type: 'string', minLength: LIMITS.descricao.min, maxLength: LIMITS.descricao.max },
      },
      required: ['id', 'descricao'],
      additionalProperties: false,
    },
    Produto: {
      title: 'Produto',
      description: `A client record (called "produto" in the API).${AUDIT_NOTE}`,
      type: 'object',
      properties: PRODUTO_PROPERTIES,
      required: PRODUTO_REQUIRED,
      additionalProperties: false,
    },
    ProdutoResumo: {
      title: 'ProdutoResumo',
      description: 'A client as the list returns it: every field of Produto but `observacoes` (read it with GET /produtos/{id}).',
      type: 'object',
      properties: Object.fromEntries(Object.entries(PRODUTO_PROPERTIES).filter(([name]) => name !== 'observacoes')),
      required: PRODUTO_REQUIRED,
      additionalProperties: false,
    },
    CategoriaList: {
      title: 'CategoriaList',
      description: 'Every category, sorted by id (all pages read: the list is complete).',
      type: 'array',
      items: ref('schemas', 'Categoria'),
    },
    ProdutoList: {
      title: 'ProdutoList',
      description: 'Every client, sorted by id, each with its category embedded as it is now (without `observacoes`).',
      type: 'array',
      items: ref('schemas', 'ProdutoResumo'),
    },
    ProdutoPagina: {
      ...pageOf('ProdutoPagina', 'ProdutoResumo', 'A page of a view of the client list, and the view\'s totals.'),
      properties: {
        ...pageOf('ProdutoPagina', 'ProdutoResumo', '').properties,
        totais: {
          ...ref('schemas', 'Totais'),
          description:
            "The view's exact totals: on every page of a view by category or VIP (or none), from the stored aggregates, and of a search, " +
            'counted over its matches; absent for a period of contract end.',
        },
      },
    },
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
    Totais: {
      title: 'Totais',
      description: 'Client count, VIP count (contract above the VIP threshold) and contract sum of a group of clients.',
      type: 'object',
      properties: TOTAIS_PROPERTIES,
      required: ['clientes', 'vips', 'soma'],
      additionalProperties: false,
    },
    CategoriaTotais: {
      title: 'CategoriaTotais',
      description: "A category's totals.",
      type: 'object',
      properties: {
        id: idSchema,
        descricao: { type: 'string', minLength: LIMITS.descricao.min, maxLength: LIMITS.descricao.max },
        ...TOTAIS_PROPERTIES,
      },
      required: ['id', 'descricao', 'clientes', 'vips', 'soma'],
      additionalProperties: false,
    },
    Resumo: {
      title: 'Resumo',
      description: "The portfolio's totals: in all, by category (sorted by id) and for the clients without one.",
      type: 'object',
      properties: {
        ...TOTAIS_PROPERTIES,
        categorias: { type: 'array', items: ref('schemas', 'CategoriaTotais') },
        semCategoria: ref('schemas', 'Totais'),
      },
      required: ['clientes', 'vips', 'soma', 'categorias', 'semCategoria'],
      additionalProperties: false,
    },
    Atividade: {
      title: 'Atividade',
      description: 'One change of a client or a category (from the history), as the activity feed keeps it.',
      type: 'object',
      properties: {
        tipo: { enum: ['produto', 'categoria'] },
        id: idSchema,
        nome: { type: 'string', description: 'The name of the record when it changed.' },
        acao: { enum: ['criado', 'alterado', 'excluido', 'restaurado'] },
        em: { type: 'string', description: 'When (ISO 8601, UTC).' },
        por: { type: 'string', description: 'Who (their e-mail; `anônimo` in the open mode).' },
        alteracoes: { type: 'array', items: { type: 'string' }, description: 'The fields an `alterado` changed (names only).' },
      },
      required: ['tipo', 'id', 'nome', 'acao', 'em', 'por'],
      additionalProperties: false,
    },
    AtividadeList: {
      title: 'AtividadeList',
      description: `The latest changes, newest first (at most ${RECENT_ACTIVITY_LIMIT}).`,
      type: 'array',
      items: ref('schemas', 'Atividade'),
    },
    Usuario: {
      title: 'Usuario',
      description: 'A person who may sign in, as an administrator sees them (a Cognito user of the pool).',
      type: 'object',
      properties: {
        email: {
          type: 'string',
          maxLength: EMAIL_MAX_LENGTH,
          description: 'The e-mail, lower case: the Cognito user name, and the `{email}` of the paths.',
        },
        status: {
          type: 'string',
          description:
            "Cognito's UserStatus: `FORCE_CHANGE_PASSWORD` (invited, never signed in), `CONFIRMED`, `RESET_REQUIRED` " +
            '(an administrator reset the password), …',
        },
        ativo: { type: 'boolean', description: 'False once an administrator disabled the user.' },
        admin: { type: 'boolean', description: `A member of the \`${ADMIN_GROUP}\` group.` },
        criadoEm: {
          type: 'string',
          pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$',
          description: 'When the user was invited (ISO 8601, UTC).',
        },
      },
      required: ['email', 'status', 'ativo', 'admin', 'criadoEm'],
      additionalProperties: false,
    },
    UsuarioList: {
      title: 'UsuarioList',
      description: 'Every user of the pool, sorted by e-mail.',
      type: 'array',
      items: ref('schemas', 'Usuario'),
    },
    UsuarioInput: requestSchema(usuarioInputSchema, 'UsuarioInput', 'The body of POST /usuarios: whom to invite.', USUARIO_FIELD_DOCS),
    UsuarioAtivo: requestSchema(usuarioAtivoSchema, 'UsuarioAtivo', 'The body of PUT /usuarios/{email}/ativo.', USUARIO_FIELD_DOCS),
    UsuarioAdmin: requestSchema(usuarioAdminSchema, 'UsuarioAdmin', 'The body of PUT /usuarios/{email}/admin.', USUARIO_FIELD_DOCS),
    Alteracao: {
      title: 'Alteracao',
      description:
        'One field an update changed, by its wire name, with its values before and after (`null`: empty or none). ' +
        '`categoria` is recorded as `{id, descricao}` with the name it had then, or null.',
      type: 'object',
      properties: { campo: { type: 'string', minLength: 1 }, antes: {}, depois: {} },
      required: ['campo', 'antes', 'depois'],
      additionalProperties: false,
    },
    EntradaHistorico: {
      title: 'EntradaHistorico',
      description: 'One change of a record: what, when and who; an update lists the fields it changed.',
      type: 'object',
      properties: {
        acao: { type: 'string', enum: ['criado', 'alterado', 'excluido', 'restaurado'] },
        em: isoInstant('When'),
        por: actorSchema('Who'),
        alteracoes: {
          type: 'array',
          minItems: 1,
          items: ref('schemas', 'Alteracao'),
          description: 'The fields an update changed (a restore lists the category it had to drop).',
        },
      },
      required: ['acao', 'em', 'por'],
      additionalProperties: false,
    },
    HistoricoPagina: pageOf('HistoricoPagina', 'EntradaHistorico', "A page of a record's history, newest first."),
    ItemLixeira: {
      title: 'ItemLixeira',
      description: 'A deleted record in the trash.',
      type: 'object',
      properties: {
        tipo: TIPO_SCHEMA,
        id: idSchema,
        nome: { type: 'string', description: "The client's `nome` or the category's `descricao` when it was deleted." },
        excluidoEm: isoInstant('When it was deleted'),
        excluidoPor: actorSchema('Who deleted it'),
        expiraEm: isoInstant(`When the trash drops it for good (${LIMITS.trashDays.default} days after the delete unless the deployment says otherwise)`),
      },
      required: ['tipo', 'id', 'nome', 'excluidoEm', 'excluidoPor', 'expiraEm'],
      additionalProperties: false,
    },
    LixeiraPagina: pageOf('LixeiraPagina', 'ItemLixeira', 'A page of the trash, most recently deleted first.'),
    Restaurado: {
      title: 'Restaurado',
      description: 'A record restored from the trash: the record as GET returns it, with its id and a new `versao`.',
      type: 'object',
      properties: {
        tipo: TIPO_SCHEMA,
        registro: { anyOf: [ref('schemas', 'Produto'), ref('schemas', 'Categoria')] },
        aviso: {
          type: 'string',
          minLength: 1,
          description: 'Present when the record came back changed: a client whose category no longer exists comes back without one.',
        },
      },
      required: ['tipo', 'registro'],
      additionalProperties: false,
    },
    Importacao: IMPORTACAO,
    ImportacaoDetalhe: {
      ...IMPORTACAO,
      title: 'ImportacaoDetalhe',
      description: 'An import with the lines of its file whose clients it created (and still lists: an undo takes them off).',
      properties: {
        ...IMPORTACAO.properties,
        linhas: {
          type: 'array',
          items: { type: 'array', prefixItems: [idSchema, idSchema], items: false, minItems: 2 },
          description: 'The lines as ascending ranges `[first, last]` of consecutive lines: what continuing the import skips.',
        },
      },
      required: [...IMPORTACAO.required, 'linhas'],
    },
    ImportacaoPagina: pageOf('ImportacaoPagina', 'Importacao', "A page of the imports, newest first: the caller's own (an administrator's: everyone's)."),
    ImportacaoInput: requestSchema(importacaoInputSchema, 'ImportacaoInput', 'The body of POST /importacoes.', USUARIO_FIELD_DOCS),
    ImportacaoLote: requestSchema(importacaoLoteSchema, 'ImportacaoLote', 'The body of POST /importacoes/{id}/lotes.', USUARIO_FIELD_DOCS),
    ObservacaoCliente: {
      title: 'ObservacaoCliente',
      description: "A client's notes (`observacoes`), which `GET /produtos` leaves out.",
      type: 'object',
      properties: { id: idSchema, observacoes: CONTATO_RESPONSE.observacoes },
      required: ['id', 'observacoes'],
      additionalProperties: false,
    },
    ObservacaoPagina: pageOf('ObservacaoPagina', 'ObservacaoCliente', 'A page of the notes of the clients that have some, by id.'),
    ImportacaoLoteResultado: {
      title: 'ImportacaoLoteResultado',
      description: 'The lines of the batch that were created (with the new id) and those that failed (with the reason), by line.',
      type: 'object',
      properties: {
        criados: {
          type: 'array',
          items: { type: 'object', properties: { linha: idSchema, id: idSchema }, required: ['linha', 'id'], additionalProperties: false },
        },
        falhas: {
          type: 'array',
          items: {
            type: 'object',
            properties: { linha: idSchema, mensagem: { type: 'string', minLength: 1 }, campo: { type: 'string', minLength: 1 } },
            required: ['linha', 'mensagem'],
            additionalProperties: false,
          },
        },
      },
      required: ['criados', 'falhas'],
      additionalProperties: false,
    },
    ImportacaoDesfazerResultado: {
      title: 'ImportacaoDesfazerResultado',
      description: 'One undo step: records deleted by this call, and records of the import still to delete (call again until 0).',
      type: 'object',
      properties: {
        excluidos: { type: 'integer', minimum: 0 },
        restantes: { type: 'integer', minimum: 0 },
        estado: { enum: ['desfazendo', 'desfeita'], description: '`desfeita` once nothing is left.' },
      },
      required: ['excluidos', 'restantes', 'estado'],
      additionalProperties: false,
    },
    ImportacaoRestaurarResultado: {
      title: 'ImportacaoRestaurarResultado',
      description: 'One restore step: records restored by this call, those that could not come back, and records still to restore (call again until 0).',
      type: 'object',
      properties: {
        restaurados: { type: 'integer', minimum: 0 },
        restantes: { type: 'integer', minimum: 0 },
        falhas: {
          type: 'array',
          items: {
            type: 'object',
            properties: { tipo: { enum: ['produto', 'categoria'] }, id: idSchema, mensagem: { type: 'string', minLength: 1 } },
            required: ['tipo', 'id', 'mensagem'],
            additionalProperties: false,
          },
        },
        estado: { enum: ['desfeita', 'concluida'], description: '`concluida` once nothing is left.' },
      },
      required: ['restaurados', 'restantes', 'falhas', 'estado'],
      additionalProperties: false,
    },
    Erro: {
      title: 'Erro',
      description: 'Every error the API itself returns: a message in Brazilian Portuguese saying what is wrong.',
      type: 'object',
      properties: {
        mensagem: { type: 'string', minLength: 1 },
        campo: {
          type: 'string',
          minLength: 1,
          description:
            'Present when the error concerns one field of the body: its path as sent (`descricao`, `nome`, ' +
            '`valorContrato`, `categoria.id`, `versao`, …), so a form can mark that field. Clients may ignore it.',
        },
      },
      required: ['mensagem'],
      additionalProperties: false,
    },
    ErroGateway: {
      title: 'ErroGateway',
      description:
        'Errors answered by API Gateway itself, before any handler runs: 401 `{"message": "Unauthorized"}` from the ' +
        'JWT authorizer, 429 when the stage throttles.',
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
      additionalProperties: false,
    },
  };
}

const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });
const error = (description: string, headers?: JsonSchema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: jsonContent(ref('schemas', 'Erro')),
});

function buildResponses(): Record<string, JsonSchema> {
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

/**
 * What a route does: its summary, the description of its success answer, and what it does. The
 * records' routes derive their statuses and schemas from their shape; a users route names them
 * (`shape`).
 */
type Op = { summary: string; answer: string; description: string; shape?: UsersShape };
const op = (summary: string, answer: string, description: string): Op => ({ summary, answer, description });
/** A read of its own (not a records route): 200 with `response`, no body, no error of its own. */
const readOp = (summary: string, answer: string, description: string, response: string): Op => ({
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
}
const usersOp = (summary: string, answer: string, description: string, shape: UsersShape): Op => ({
  summary,
  answer,
  description: `${description} ${USERS_NOTE}`,
  shape,
});

/** A route whose statuses and schemas are named (not derived from the records' shape). */
const shapedOp = (summary: string, answer: string, description: string, shape: UsersShape): Op => ({ summary, answer, description, shape });

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
const historyOp = (whose: 'category' | 'client'): Op =>
  shapedOp(`Read a ${whose}'s history`, 'The history, newest first.', HISTORY, { status: '200', response: 'HistoricoPagina', errors: ['400', '404'] });
const TO_TRASH =
  'The record moves to the trash (`GET /lixeira`) in the same transaction, with its history entry; ' +
  '`POST /lixeira/{tipo}/{id}/restaurar` brings it back.';

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
/** How long a key is remembered, in hours. */
const KEY_HOURS = LIMITS.idempotencyTtlSeconds / 3600;
/** The `Idempotency-Key` rule, written once: the parameter, the operations and the overview say it from here. */
const IDEMPOTENCY_RULE =
  `the same key with the same body within ${KEY_HOURS} hours returns the first result (same id, same status) instead ` +
  'of creating again; the same key with another body is 422';
/** What an operation that takes the key adds (the rule itself is the parameter's). */
const IDEMPOTENT_POST =
  'Safe to retry with an `Idempotency-Key` (see the parameter). The key is claimed in the same transaction as the ' +
  'create, so a duplicate racing the first gets its result (or 409 if the race outlasts the retries), never a second record.';

/** What each route does, keyed by route key; every row of the route table must have one. */
const OPERATIONS: Record<string, Op> = {
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
      'without one last; `alteracao`: last change), `direcao` `asc` or `desc`, ties by id; filtered by `categoria` ' +
      '(an id, 0 for the clients without one) and `vip=1`; searched by `q`: clients having, for each word of `q`, a ' +
      'word of their name, e-mail or CPF/CNPJ that starts with it (accents and case aside; digits written with the ' +
      "CPF/CNPJ's punctuation count as one word); or the clients whose contract ends between `fimDe` and `fimAte` " +
      '(inclusive, either may be left out), soonest first. Each page is one query of an index; clients created or ' +
      'deleted between pages never make another one skipped or repeated (one whose sort value changes may move). The ' +
      'index is eventually consistent: a write shows within a second. 503 with Retry-After while the clients stored ' +
      `before the index are being indexed (once, after the upgrade). ${PAGED}`,
    { status: '200', response: 'ProdutoPagina', errors: ['400'], query: ['Ordem', 'Direcao', 'CategoriaFiltro', 'Vip', 'Busca', 'FimDe', 'FimAte'] },
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

/** The path of a route as OpenAPI writes it (relative to the server url, which holds `/api`). */
export const openApiPath = (route: RouteDef): string => route.path;

/** The route table's rows that are real paths (the `$default` catch-all is not one). */
export const documentedRoutes = (): RouteDef[] => routes.filter((r) => r.routeKey !== '$default');

/** A records route's shape: a record, a list of them, the body of a create or an update, by method and path. */
function recordShape(route: RouteDef): UsersShape {
  const record = RECORD_SCHEMA[route.path.split('/')[1]!]!;
  const response = route.method === 'DELETE' ? undefined : route.method === 'GET' && !route.path.includes('{id}') ? `${record}List` : record;
  const body = route.method === 'POST' ? `${record}Input` : route.method === 'PUT' ? `${record}Update` : undefined;
  return { status: SUCCESS_STATUS[route.method] as UsersShape['status'], response, body, errors: errorsOf(route) };
}

function buildOperation(route: RouteDef, op: Op): OpenApiOperation {
  const parameters: { $ref: string }[] = [];
  if (route.path.includes('{tipo}')) parameters.push(ref('parameters', 'Tipo'));
  if (route.path.includes('{id}')) parameters.push(ref('parameters', 'Id'));
  if (route.path.includes('{email}')) parameters.push(ref('parameters', 'Email'));
  // A create a client may retry, as its row says (the HTTP layer reads the header from the same row).
  if (route.idempotencyKey) parameters.push(ref('parameters', KEY_PARAMETER[route.idempotencyKey]));
  const shape = op.shape ?? recordShape(route);
  // A paged list: `?limit=&cursor=`.
  if (shape.response?.endsWith('Pagina')) parameters.push(...(shape.cursorOnly ? [] : [ref('parameters', 'Limit')]), ref('parameters', 'Cursor'));
  for (const name of shape.query ?? []) parameters.push(ref('parameters', name));
  const responses: Record<string, JsonSchema> = {
    [shape.status]: shape.response
      ? { description: op.answer, content: jsonContent(ref('schemas', shape.response)) }
      : { description: op.answer },
  };
  // `413:ListTooLarge`: the status with a response of its own.
  for (const error of shape.errors) {
    const [status, name] = error.split(':') as [string, string | undefined];
    responses[status] = ref('responses', name ?? (ERROR_RESPONSES[status] as string));
  }
  responses['401'] = ref('responses', 'Unauthorized');
  responses['403'] = ref('responses', 'Forbidden');
  responses['429'] = ref('responses', 'GatewayThrottled');
  responses['500'] = ref('responses', 'InternalError');
  responses['503'] = ref('responses', 'ServiceUnavailable');
  return {
    operationId: route.name.charAt(0).toLowerCase() + route.name.slice(1),
    tags: [route.path.split('/')[1] as string],
    summary: op.summary,
    description: op.description,
    ...(parameters.length ? { parameters } : {}),
    ...(shape.body ? { requestBody: { required: true, content: jsonContent(ref('schemas', shape.body)) } } : {}),
    responses,
  };
}

/** The routes that take an `Idempotency-Key` (those that require one, with `required`). */
const keyedRoutes = (only?: 'required'): RouteDef[] =>
  routes.filter((r) => (only ? r.idempotencyKey === only : r.idempotencyKey !== undefined));

const DESCRIPTION = [
  'Clientela keeps the clients ("produtos") of a company and their categories.',
  '',
  '- JSON in and out; request bodies must be sent as JSON in UTF-8 (`Content-Type: application/json` or ' +
    '`application/*+json`, no charset or `charset=utf-8`; 415 without one or with another), valid UTF-8 (400), at most ' +
    `${LIMITS.bodyBytes / 1024} KB (413 above), nested at most ${LIMITS.bodyDepth} levels (400 above). ` +
    'Unknown fields are ignored and never stored; the server assigns ids.',
  '- Every error the API returns is `{"mensagem": "..."}` in Brazilian Portuguese, with `"campo"` (the body ' +
    'field\'s path) when it concerns one field. API Gateway answers a ' +
    'few errors itself with `{"message": "..."}` (e.g. 429 when the stage is throttled): cope with both.',
  '- Any other path answers 404 and a known path with a method it lacks answers 405, both as `{"mensagem"}` ' +
    '(a catch-all route, not listed as a path here).',
  '- 503 (database throttling) carries `Retry-After` and is safe to retry; 500 never carries internals.',
  '- Every answer carries `Cache-Control: no-store`.',
  '- Every record carries `criadoEm`, `criadoPor`, `atualizadoEm` and `atualizadoPor` (server-set; absent on records ' +
    'stored before them). Every create, update, delete and restore writes a history entry in the same transaction ' +
    '(`GET /produtos/{id}/historico`, `GET /categorias/{id}/historico`); a DELETE moves the record to the trash ' +
    '(`GET /lixeira`), from which it can be restored with its id or, by an administrator, removed for good.',
  '- `versao` (optimistic locking): 1 on create, +1 on each update of that record. A PUT that sends it ' +
    'succeeds only if it is still current (else 409); without it the last writer wins.',
  `- \`Idempotency-Key\` on the ${keyedRoutes().length} POSTs that create (${keyedRoutes().map((r) => r.path).join(', ')}; ` +
    `required on ${keyedRoutes('required').map((r) => r.path).join(', ')}): ${IDEMPOTENCY_RULE}.`,
  `- Responses over ${LIMITS.compressAboveBytes} bytes are compressed (gzip or br) following \`Accept-Encoding\`.`,
  '- Sign-in (Amazon Cognito): every request carries the signed-in person\'s access token, `Authorization: Bearer ' +
    '<access token>`; without a valid one the answer is 401 (see the Unauthorized response). The users API is for ' +
    'administrators only. In the open mode (`-c auth=off` in the cloud, `AUTH=off` locally) nothing is checked: ' +
    'anyone with the URL can read and change the data (see SECURITY.md).',
].join('\n');

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

/**
 * Builds the OpenAPI 3.1 document of the API. Throws if a route of the table is undocumented,
 * so a new route cannot ship without its description.
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of documentedRoutes()) {
    const op = OPERATIONS[route.routeKey];
    if (!op) throw new Error(`OpenAPI: route ${route.routeKey} has no description`);
    const path = openApiPath(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = buildOperation(route, op);
  }
  const documented = new Set(documentedRoutes().map((r) => r.routeKey));
  for (const key of Object.keys(OPERATIONS)) {
    if (!documented.has(key)) throw new Error(`OpenAPI: ${key} is documented but not in the route table`);
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Clientela API', version: API_VERSION, description: DESCRIPTION },
    servers: [
      { url: API_BASE_PATH, description: 'Same origin as the site (CloudFront in the cloud, Vite or `npm run api` locally).' },
    ],
    security: [{ cognito: [] }],
    tags: [
      { name: 'categorias', description: 'Categories of clients.' },
      { name: 'produtos', description: 'Clients (called "produtos" in the API).' },
      { name: 'usuarios', description: 'The people who may sign in (administrators only).' },
      { name: 'lixeira', description: 'The trash: deleted clients and categories, restored or purged.' },
      { name: 'resumo', description: "The portfolio's totals." },
      { name: 'atividades', description: 'The latest changes of clients and categories.' },
      { name: 'importacoes', description: 'CSV imports of clients: the job, its batches, its undo.' },
      { name: 'observacoes', description: "The clients' notes, for a CSV export." },
    ],
    paths,
    components: {
      schemas: buildSchemas(),
      parameters: {
        Email: {
          name: 'email',
          in: 'path',
          required: true,
          description: "A user's e-mail (their Cognito user name), URL-encoded (`ana%40empresa.com.br`); 400 when it is not an e-mail.",
          schema: { type: 'string', minLength: 1 },
        },
        Tipo: { name: 'tipo', in: 'path', required: true, description: 'The kind of record (400 otherwise).', schema: TIPO_SCHEMA },
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
        Busca: {
          name: 'q',
          in: 'query',
          required: false,
          description: 'The words to search by prefix (see the operation); not with `fimDe`/`fimAte`.',
          schema: { type: 'string', maxLength: LIMITS.lista.buscaMax },
        },
        FimDe: { name: 'fimDe', in: 'query', required: false, description: 'Contracts ending on or after this date.', schema: { type: 'string', pattern: ISO_DATE_PATTERN.source } },
        FimAte: { name: 'fimAte', in: 'query', required: false, description: 'Contracts ending on or before this date.', schema: { type: 'string', pattern: ISO_DATE_PATTERN.source } },
        Id: {
          name: 'id',
          in: 'path',
          required: true,
          description:
            'A record id: a positive integer of at most 16 digits, no sign, exponent, hex or leading zero (400 otherwise).',
          schema: { type: 'string', pattern: ID_PATTERN.source },
        },
        IdempotencyKey: idempotencyKeyParameter(false),
        IdempotencyKeyRequired: idempotencyKeyParameter(true),
      },
      headers: {
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
      },
      responses: buildResponses(),
      securitySchemes: {
        cognito: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "The access token of the Cognito user pool's app client (not the ID token), as `InitiateAuth` returns it. " +
            "Checked by API Gateway's JWT authorizer (signature, issuer, client, expiry) and by the API (an access token).",
        },
      },
    },
  };
}
