/**
 * What the API's answers carry, as zod schemas: the one definition of each response body. The
 * wire types (types.ts) are inferred from them and the OpenAPI document converts them to JSON
 * Schema (`z.toJSONSchema`), so a field is added here once. Server and tooling only: the web
 * imports the inferred types, never this module (it would bundle zod).
 *
 * Each schema that is a component of the OpenAPI document carries `meta({ id, title,
 * description })`; its `id` is the component's name.
 */
import * as z from 'zod'; // the namespace import lets esbuild drop unused zod parts
import { ADMIN_GROUP, EMAIL_MAX_LENGTH } from './auth.ts';
import { ISO_DATE_PATTERN } from './datas.ts';
import { LIMITS, RECENT_ACTIVITY_LIMIT } from './limits.ts';
import { ASSINATURA_PATTERN } from './schemas.ts';
import { TIPOS_TAREFA, TIPO_TAREFA_LABEL } from './tarefa.ts';

/** An instant as the API writes it: ISO 8601, UTC. */
const ISO_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const component = (id: string, description: string) => ({ id, title: id, description });

const idSchema = () => z.int().min(1);
const countSchema = () => z.int().min(0);
const isoInstant = (description: string) => z.string().regex(ISO_INSTANT_PATTERN).describe(`${description} (ISO 8601, UTC).`);
/** Who did something: the signed-in person's e-mail, `anônimo` in the open mode. */
const actorSchema = (description: string) =>
  z.string().min(1).max(EMAIL_MAX_LENGTH).describe(`${description}: the signed-in person's e-mail (\`anônimo\` in the open mode).`);
const descricaoSchema = () => z.string().min(LIMITS.descricao.min).max(LIMITS.descricao.max);
const versaoSchema = () =>
  z.int().min(1).describe('Optimistic-lock version: 1 on create, +1 on each update of this record (and on a restore from the trash).');
const moneySchema = () =>
  z.number().min(LIMITS.valorContrato.min).max(LIMITS.valorContrato.max).multipleOf(1 / 10 ** LIMITS.valorContrato.decimals);

/** The kinds of record the history and the trash name (the wire's words: a client is a `produto`). */
export const tipoSchema = z.enum(['produto', 'categoria', 'tarefa']);
/** The kinds of record the activity feed names (a tarefa's changes are not in it). */
const tipoAtividadeSchema = z.enum(['produto', 'categoria']);
/** What a history entry records. */
export const acaoSchema = z.enum(['criado', 'alterado', 'excluido', 'restaurado']);
const tipoDescribed = () => tipoSchema.describe('The kind of record: a client (`produto`), a category or a tarefa.');

/**
 * Who created a record and who changed it last, and when: set by the server only; absent on
 * records stored before they existed. An update that changes nothing leaves `atualizadoEm` /
 * `atualizadoPor` as they were.
 */
export const auditoriaSchema = z.object({
  criadoEm: isoInstant('When the record was created').optional(),
  criadoPor: actorSchema('Who created it').optional(),
  atualizadoEm: isoInstant('When it last changed (an update that changes nothing leaves it; a restore sets it)').optional(),
  atualizadoPor: actorSchema('Who changed it last').optional(),
});
const AUDIT_NOTE =
  ' `criadoEm`, `criadoPor`, `atualizadoEm` and `atualizadoPor` are set by the server only (ignored in a body), ' +
  'and absent on records stored before they existed.';

export const categoriaSchema = z
  .object({ id: idSchema(), descricao: descricaoSchema(), versao: versaoSchema(), ...auditoriaSchema.shape })
  .meta(component('Categoria', `A category. \`versao\` does not change when the number of clients using it changes.${AUDIT_NOTE}`));

/** The category as embedded in a client, read as it is now. */
export const categoriaRefSchema = z
  .object({ id: idSchema(), descricao: descricaoSchema() })
  .meta(component('CategoriaRef', "The client's category as it is now (a rename shows on every client)."));

const observacoesSchema = () => z.string().min(1).max(LIMITS.observacoes.max).describe('Notes; never in `GET /produtos`.');

/** The client record's optional contact and contract fields, as stored and returned: absent when not set. */
export const clienteContatoSchema = z.object({
  email: z.string().min(3).max(LIMITS.email.max).regex(/^[^@\s]+@[^@\s]+$/).describe('Contact e-mail, its domain in lower case.').optional(),
  telefone: z
    .string()
    .regex(/^\+55[1-9][0-9](9[0-9]{8}|[2-5][0-9]{7})$/)
    .describe('E.164: `+5511987654321` (a mobile) or `+551134567890`.')
    .optional(),
  documento: z
    .string()
    .regex(/^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$/)
    .describe('CPF (11 digits) or CNPJ (14: 12 digits or upper-case letters, then 2 check digits), no punctuation.')
    .optional(),
  observacoes: observacoesSchema().optional(),
  inicioContrato: z.string().regex(ISO_DATE_PATTERN).describe('ISO date `YYYY-MM-DD`.').optional(),
  fimContrato: z.string().regex(ISO_DATE_PATTERN).describe('ISO date `YYYY-MM-DD`, not before `inicioContrato`.').optional(),
});

const tipoTarefaSchema = () =>
  z.enum(TIPOS_TAREFA).describe(`The kind: ${TIPOS_TAREFA.map((t) => `\`${t}\` (${TIPO_TAREFA_LABEL[t]})`).join(', ')}.`);
const quandoSchema = () => isoInstant('When it is due, or when it happened');
const responsavelSchema = () =>
  z.string().min(1).max(LIMITS.tarefa.responsavel.max).describe("Who does it: a team member's e-mail (free text in the open mode).");

/** A client's next pending tarefa (the earliest `quando`), kept apart from the client's `versao` and history. */
export const proximaTarefaSchema = z
  .object({ id: idSchema(), tipo: tipoTarefaSchema(), descricao: z.string().min(1).max(LIMITS.tarefa.descricao.max), quando: quandoSchema(), responsavel: responsavelSchema() })
  .meta(
    component(
      'ProximaTarefa',
      "A client's next pending tarefa (the earliest `quando`, overdue ones included). It is not part of the client's `versao` nor history: " +
        'logging a call never makes an edit of the client fail with 409.',
    ),
  );

const produtoShape = {
  id: idSchema(),
  nome: z.string().min(LIMITS.nome.min).max(LIMITS.nome.max),
  segmento: z.string().max(LIMITS.segmento.max),
  pontoFocal: z.string().max(LIMITS.pontoFocal.max),
  valorContrato: moneySchema(),
  categoria: categoriaRefSchema.nullable(),
  ...clienteContatoSchema.shape,
  versao: versaoSchema(),
  ...auditoriaSchema.shape,
  proximaTarefa: proximaTarefaSchema.describe('The next pending tarefa; absent when the client has none.').optional(),
};

/** A client record (a "produto" on the wire: path `/produtos`). */
export const produtoSchema = z.object(produtoShape).meta(component('Produto', `A client record (called "produto" in the API).${AUDIT_NOTE}`));

/** A client as the list returns it: without `observacoes`. */
export const produtoResumoSchema = produtoSchema
  .omit({ observacoes: true })
  .meta(component('ProdutoResumo', 'A client as the list returns it: every field of Produto but `observacoes` (read it with GET /produtos/{id}).'));

export const categoriaListSchema = z
  .array(categoriaSchema)
  .meta(component('CategoriaList', 'Every category, sorted by id (all pages read: the list is complete).'));

export const produtoListSchema = z
  .array(produtoResumoSchema)
  .meta(component('ProdutoList', 'Every client, sorted by id, each with its category embedded as it is now (without `observacoes`).'));

/** Client count, VIP count and contract sum of a group of clients (exact: the server keeps them). */
const totaisShape = {
  clientes: countSchema(),
  vips: countSchema(),
  soma: z.number().min(0).describe('Sum of the contract values in BRL (kept exact in cents by the server).'),
};

export const totaisSchema = z
  .object(totaisShape)
  .meta(component('Totais', 'Client count, VIP count (contract above the VIP threshold) and contract sum of a group of clients.'));

export const categoriaTotaisSchema = z
  .object({ id: idSchema(), descricao: descricaoSchema(), ...totaisShape })
  .meta(component('CategoriaTotais', "A category's totals."));

/** GET /resumo. */
export const resumoSchema = z
  .object({ ...totaisShape, categorias: z.array(categoriaTotaisSchema), semCategoria: totaisSchema })
  .meta(component('Resumo', "The portfolio's totals: in all, by category (sorted by id) and for the clients without one."));

/** One recent change of any record (the activity feed, GET /atividades, newest first). */
export const atividadeSchema = z
  .object({
    tipo: tipoAtividadeSchema,
    id: idSchema(),
    nome: z.string().describe('The name of the record when it changed.'),
    acao: acaoSchema,
    em: z.string().describe('When (ISO 8601, UTC).'),
    por: z.string().describe('Who (their e-mail; `anônimo` in the open mode).'),
    alteracoes: z.array(z.string()).describe('The fields an `alterado` changed (names only).').optional(),
  })
  .meta(component('Atividade', 'One change of a client or a category (from the history), as the activity feed keeps it.'));

export const atividadeListSchema = z
  .array(atividadeSchema)
  .meta(component('AtividadeList', `The latest changes, newest first (at most ${RECENT_ACTIVITY_LIMIT}).`));

/** A person who may sign in (GET /usuarios): the Cognito user as an administrator sees it. */
export const usuarioSchema = z
  .object({
    email: z.string().max(EMAIL_MAX_LENGTH).describe('The e-mail, lower case: the Cognito user name, and the `{email}` of the paths.'),
    status: z
      .string()
      .describe(
        "Cognito's UserStatus: `FORCE_CHANGE_PASSWORD` (invited, never signed in), `CONFIRMED`, `RESET_REQUIRED` " +
          '(an administrator reset the password), …',
      ),
    ativo: z.boolean().describe('False once an administrator disabled the user.'),
    admin: z.boolean().describe(`A member of the \`${ADMIN_GROUP}\` group.`),
    criadoEm: isoInstant('When the user was invited'),
  })
  .meta(component('Usuario', 'A person who may sign in, as an administrator sees them (a Cognito user of the pool).'));

export const usuarioListSchema = z.array(usuarioSchema).meta(component('UsuarioList', 'Every user of the pool, sorted by e-mail.'));

/**
 * One field an update changed: its wire name and its values before and after (`null`: empty /
 * none). `categoria` is recorded as `{id, descricao}` (the name it had then) or `null`.
 */
export const alteracaoSchema = z
  .object({ campo: z.string().min(1), antes: z.unknown(), depois: z.unknown() })
  .meta(
    component(
      'Alteracao',
      'One field an update changed, by its wire name, with its values before and after (`null`: empty or none). ' +
        '`categoria` is recorded as `{id, descricao}` with the name it had then, or null.',
    ),
  );

/** One change of a record (GET /produtos/{id}/historico, GET /categorias/{id}/historico). */
export const entradaHistoricoSchema = z
  .object({
    acao: acaoSchema,
    em: isoInstant('When'),
    por: actorSchema('Who'),
    alteracoes: z
      .array(alteracaoSchema)
      .min(1)
      .describe('The fields an update changed (a restore lists the category it had to drop).')
      .optional(),
  })
  .meta(component('EntradaHistorico', 'One change of a record: what, when and who; an update lists the fields it changed.'));

/** A tarefa: a follow-up on one client. */
export const tarefaSchema = z
  .object({
    id: idSchema(),
    cliente: idSchema().describe("The client's id (fixed at creation)."),
    clienteNome: z
      .string()
      .min(LIMITS.nome.min)
      .max(LIMITS.nome.max)
      .describe("The client's `nome` as it is now; absent while the client is in the trash.")
      .optional(),
    tipo: tipoTarefaSchema(),
    descricao: z.string().min(LIMITS.tarefa.descricao.min).max(LIMITS.tarefa.descricao.max),
    quando: quandoSchema(),
    duracaoMin: z.int().min(LIMITS.tarefa.duracaoMin.min).max(LIMITS.tarefa.duracaoMin.max).describe('Duration in minutes, when given.').optional(),
    responsavel: responsavelSchema(),
    concluida: z.boolean(),
    resultado: z.string().min(1).max(LIMITS.tarefa.resultado.max).describe('What happened, when told.').optional(),
    concluidaEm: isoInstant('When it was marked done (server)').optional(),
    concluidaPor: actorSchema('Who marked it done (server)').optional(),
    versao: versaoSchema(),
    ...auditoriaSchema.shape,
  })
  .meta(component('Tarefa', `A follow-up on one client: a call, an e-mail, a meeting… due at \`quando\`, done or not.${AUDIT_NOTE}`));

/** A page of a list read newest first; `cursor` asks for the next page (null: this is the last). */
const pageOf = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(id: string, item: T, description: string, extra?: E) =>
  z
    .object({
      itens: z.array(item),
      cursor: z.string().min(1).nullable().describe('Pass it as `?cursor=` for the next page; null on the last page.'),
      ...(extra as E),
    })
    .meta(component(id, description));

export const historicoPaginaSchema = pageOf('HistoricoPagina', entradaHistoricoSchema, "A page of a record's history, newest first.");

/**
 * A page of a view of the client list (GET /produtos/pagina): its clients, the cursor of the next
 * page (null: the last), and the view's exact totals. A view by category or VIP (or none) has
 * them on every page, from the stored aggregates; a search has them on every page, computed from
 * its matches; a period of contract end has none (its count would read the whole period).
 */
export const produtoPaginaSchema = pageOf('ProdutoPagina', produtoResumoSchema, "A page of a view of the client list, and the view's totals.", {
  totais: totaisSchema
    .describe(
      "The view's exact totals: on every page of a view by category or VIP (or none), from the stored aggregates, and of a search, " +
        'counted over its matches; absent for a period of contract end.',
    )
    .optional(),
});

/** A deleted record in the trash (GET /lixeira). */
export const itemLixeiraSchema = z
  .object({
    tipo: tipoDescribed(),
    id: idSchema(),
    nome: z.string().describe("The client's `nome`, the category's `descricao` or the tarefa's `descricao` when it was deleted."),
    excluidoEm: isoInstant('When it was deleted'),
    excluidoPor: actorSchema('Who deleted it'),
    expiraEm: isoInstant(`When the trash drops it for good (${LIMITS.trashDays.default} days after the delete unless the deployment says otherwise)`),
  })
  .meta(component('ItemLixeira', 'A deleted record in the trash.'));

export const lixeiraPaginaSchema = pageOf('LixeiraPagina', itemLixeiraSchema, 'A page of the trash, most recently deleted first.');

/** The answer of a restore: the record as GET returns it, and a warning when it came back changed. */
export const restauradoSchema = z
  .object({
    tipo: tipoDescribed(),
    registro: z.union([produtoSchema, categoriaSchema, tarefaSchema]),
    aviso: z
      .string()
      .min(1)
      .describe('Present when the record came back changed: a client whose category no longer exists comes back without one.')
      .optional(),
  })
  .meta(component('Restaurado', 'A record restored from the trash: the record as GET returns it, with its id and a new `versao`.'));

const importacaoShape = {
  id: idSchema(),
  autor: actorSchema('Who made it'),
  criadoEm: isoInstant('When it started'),
  atualizadoEm: isoInstant('Its last batch, category or undo step (its start until then)'),
  estado: z
    .enum(['importando', 'concluida', 'desfazendo', 'desfeita'])
    .describe(
      '`importando` while rows come in, also when the page stopped midway (it may be continued: send the lines not in ' +
        "`GET /importacoes/{id}`'s `linhas`); `concluida` after the batch marked `fim`; `desfazendo` from an undo's first " +
        'step until it deleted everything; `desfeita` then.',
    ),
  total: countSchema().describe('The rows the page declared.'),
  criados: countSchema().describe('Clients created so far.'),
  categorias: countSchema().describe('Categories it created.'),
  arquivo: z.string(),
  assinatura: z.string().regex(ASSINATURA_PATTERN).describe("The file's SHA-256, when the page sent it.").optional(),
  desfazerAte: isoInstant('Until when it may be undone (its start plus the trash period)'),
};

/** One CSV import: who made it, where it stands and what it created so far. */
export const importacaoSchema = z
  .object(importacaoShape)
  .meta(component('Importacao', 'A CSV import: who made it, when, where it stands and how many records it created so far.'));

/** One import with the lines of its file whose clients it created (GET /importacoes/{id}). */
export const importacaoDetalheSchema = z
  .object({
    ...importacaoShape,
    linhas: z
      .array(z.tuple([idSchema(), idSchema()]))
      .describe('The lines as ascending ranges `[first, last]` of consecutive lines: what continuing the import skips.'),
  })
  .meta(component('ImportacaoDetalhe', 'An import with the lines of its file whose clients it created (and still lists: an undo takes them off).'));

export const importacaoPaginaSchema = pageOf(
  'ImportacaoPagina',
  importacaoSchema,
  "A page of the imports, newest first: the caller's own (an administrator's: everyone's).",
);

/** A client's notes, as GET /observacoes pages them for an export (the list leaves them out). */
export const observacaoClienteSchema = z
  .object({ id: idSchema(), observacoes: observacoesSchema() })
  .meta(component('ObservacaoCliente', "A client's notes (`observacoes`), which `GET /produtos` leaves out."));

export const observacaoPaginaSchema = pageOf('ObservacaoPagina', observacaoClienteSchema, 'A page of the notes of the clients that have some, by id.');

/** The answer to one batch: the line of every created record with its id, and every failed line. */
export const importacaoLoteResultadoSchema = z
  .object({
    criados: z.array(z.object({ linha: idSchema(), id: idSchema() })),
    falhas: z.array(z.object({ linha: idSchema(), mensagem: z.string().min(1), campo: z.string().min(1).optional() })),
  })
  .meta(
    component('ImportacaoLoteResultado', 'The lines of the batch that were created (with the new id) and those that failed (with the reason), by line.'),
  );

/** The answer to one undo step: how many records it deleted now, and how many are left. */
export const importacaoDesfazerResultadoSchema = z
  .object({
    excluidos: countSchema(),
    restantes: countSchema(),
    estado: z.enum(['desfazendo', 'desfeita']).describe('`desfeita` once nothing is left.'),
  })
  .meta(
    component(
      'ImportacaoDesfazerResultado',
      'One undo step: records deleted by this call, and records of the import still to delete (call again until 0).',
    ),
  );

/** One step of restoring an undone import (POST /importacoes/{id}/restaurar). */
export const importacaoRestaurarResultadoSchema = z
  .object({
    restaurados: countSchema(),
    restantes: countSchema(),
    falhas: z.array(z.object({ tipo: tipoSchema, id: idSchema(), mensagem: z.string().min(1) })),
    estado: z.enum(['desfeita', 'concluida']).describe('`concluida` once nothing is left.'),
  })
  .meta(
    component(
      'ImportacaoRestaurarResultado',
      'One restore step: records restored by this call, those that could not come back, and records still to restore (call again until 0).',
    ),
  );

export const tarefaPaginaSchema = pageOf(
  'TarefaPagina',
  tarefaSchema,
  'A page of tarefas, by `quando` (ties by id). Tarefas of clients in the trash are left out (except when asked by `cliente`).',
);

/** GET /tarefas/resumo: the counts of the agenda's badge and the home. */
export const tarefasResumoSchema = z
  .object({
    atrasadas: countSchema().describe("Pending tarefas due before today's start (company time zone)."),
    hoje: countSchema().describe('Pending tarefas due today (company time zone).'),
  })
  .meta(component('TarefasResumo', "The counts of one person's (or the team's) pending tarefas: overdue and today's, in the company's time zone."));

/** GET /equipe: the people a tarefa may be assigned to. */
export const equipeSchema = z
  .array(z.object({ email: z.string().max(EMAIL_MAX_LENGTH).describe('The e-mail, lower case (the Cognito user name).') }))
  .meta(component('Equipe', 'The enabled users, sorted by e-mail: who may be a tarefa\'s `responsavel`. Empty in the open mode (there `responsavel` is free text).'));

/** Every error body the API itself returns. */
export const erroSchema = z
  .object({
    mensagem: z.string().min(1),
    campo: z
      .string()
      .min(1)
      .describe(
        'Present when the error concerns one field of the body: its path as sent (`descricao`, `nome`, ' +
          '`valorContrato`, `categoria.id`, `versao`, …), so a form can mark that field. Clients may ignore it.',
      )
      .optional(),
  })
  .meta(component('Erro', 'Every error the API itself returns: a message in Brazilian Portuguese saying what is wrong.'));

/** The errors API Gateway answers itself (`message`, not `mensagem`). */
export const erroGatewaySchema = z
  .object({ message: z.string() })
  .meta(
    component(
      'ErroGateway',
      'Errors answered by API Gateway itself, before any handler runs: 401 `{"message": "Unauthorized"}` from the ' +
        'JWT authorizer, 429 when the stage throttles.',
    ),
  );

/** Every response schema that is a component of the OpenAPI document, in the document's order. */
export const RESPONSE_SCHEMAS = [
  categoriaSchema,
  categoriaRefSchema,
  produtoSchema,
  produtoResumoSchema,
  categoriaListSchema,
  produtoListSchema,
  produtoPaginaSchema,
  totaisSchema,
  categoriaTotaisSchema,
  resumoSchema,
  atividadeSchema,
  atividadeListSchema,
  usuarioSchema,
  usuarioListSchema,
  alteracaoSchema,
  entradaHistoricoSchema,
  historicoPaginaSchema,
  itemLixeiraSchema,
  lixeiraPaginaSchema,
  restauradoSchema,
  importacaoSchema,
  importacaoDetalheSchema,
  importacaoPaginaSchema,
  observacaoClienteSchema,
  observacaoPaginaSchema,
  importacaoLoteResultadoSchema,
  importacaoDesfazerResultadoSchema,
  importacaoRestaurarResultadoSchema,
  proximaTarefaSchema,
  tarefaSchema,
  tarefaPaginaSchema,
  tarefasResumoSchema,
  equipeSchema,
  erroSchema,
  erroGatewaySchema,
] as const;
