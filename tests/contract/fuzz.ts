/**
 * The property-based suite's pieces: operations generated from the OpenAPI document (valid
 * bodies) and mutated away from it (invalid bodies, paths, methods, headers, content types,
 * sizes, nesting), a model of what the API accepted, and the expected answer of each request.
 * Operations hold selectors, resolved against the model when they run (the ids that exist then).
 */
import fc from 'fast-check';
import { LIMITS } from '../../lambdas/contract/limits.ts';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';
import { routes } from '../../lambdas/routes.ts';
import { CONTATO_FIELDS } from '../../lambdas/contract/cliente.ts';
import { endsBeforeStart } from '../../lambdas/contract/datas.ts';
import { formatDocumento } from '../../lambdas/contract/formatos.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { parseCategoriaInput, parseClienteInput, parseClienteUpdate } from '../../lambdas/contract/schemas.ts';
import { foldName } from '../../lambdas/contract/text.ts';
import { AUDIT_ATTRIBUTES, contatoOf, type ClienteRecord } from '../../lambdas/store/items.ts';
import { TIPOS_TAREFA, type TipoTarefa } from '../../lambdas/contract/tarefa.ts';
import { arbitraryFromSchema } from './openapi-arbitraries.ts';

type AuditField = (typeof AUDIT_ATTRIBUTES)[number];
/** A record as the model compares it: without the server-set audit fields. */
export const withoutAudit = (record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !(AUDIT_ATTRIBUTES as readonly string[]).includes(k)));

export const doc = buildOpenApiDocument();
const S = doc.components.schemas;

type Json = Record<string, unknown>;
/** A kind of record (its wire path: `/categorias`, `/produtos`). */
export type Entity = 'categoria' | 'cliente';

// ---------------------------------------------------------------------------------------------
// Model of the accepted state

export interface ModelCategoria {
  id: number;
  descricao: string;
  versao: number;
}
/** A client as the API answered it, its category by id. */
/** The model's client: what the API returns of it (the history counter and audit stamps are storage/extra). */
export type ModelCliente = Omit<ClienteRecord, 'historico' | AuditField>;

/** A tarefa as the model compares it (what the store keeps of the wire's fields the fuzz sets). */
export interface ModelTarefa {
  id: number;
  cliente: number;
  tipo: TipoTarefa;
  descricao: string;
  quando: string;
  responsavel: string;
  concluida: boolean;
  versao: number;
}
const toModelTarefa = (b: Json): ModelTarefa => ({
  id: b.id as number,
  cliente: b.cliente as number,
  tipo: b.tipo as TipoTarefa,
  descricao: b.descricao as string,
  quando: b.quando as string,
  responsavel: b.responsavel as string,
  concluida: b.concluida as boolean,
  versao: b.versao as number,
});

/** What succeeded so far: the records the API created and not deleted, as its answers said. */
export class Model {
  /** The tarefas not in the trash (a client in the trash keeps its own), and those in the trash. */
  tarefas = new Map<number, ModelTarefa>();
  tarefaTrash = new Map<number, ModelTarefa>();
  categorias = new Map<number, ModelCategoria>();
  clientes = new Map<number, ModelCliente>();
  /** Every id ever answered by a create (to tell an idempotent replay from a new record). */
  created = { categoria: new Set<number>(), cliente: new Set<number>() };
  /** `route#key` → the validated body (canonical JSON) and the first answer. */
  keys = new Map<string, { validated: string; response: unknown }>();
  /** The deleted records, in the trash until restored or purged. */
  trash = { categoria: new Map<number, ModelCategoria>(), cliente: new Map<number, ModelCliente>() };
  /** The records purged from the trash (gone for good, history included). */
  purged = { categoria: new Set<number>(), cliente: new Set<number>() };
  /**
   * Per record (`C1`, `P7`), the writes that always leave a history entry (create,
   * delete, restore); an update that changes something adds one more, so entries ≥ this.
   */
  writes = new Map<string, number>();

  private wrote(entity: Entity, id: number): void {
    const key = `${entity === 'categoria' ? 'C' : 'P'}${id}`;
    this.writes.set(key, (this.writes.get(key) ?? 0) + 1);
  }

  /** The category other than `except` whose name folds like `descricao` (names are unique). */
  nameHolder(descricao: string, except?: number): ModelCategoria | undefined {
    const folded = foldName(descricao);
    for (const c of this.categorias.values()) if (c.id !== except && foldName(c.descricao) === folded) return c;
    return undefined;
  }

  /** The client other than `except` that has `documento` (documentos are unique). */
  documentoHolder(documento: string | null | undefined, except?: number): ModelCliente | undefined {
    if (!documento) return undefined;
    for (const c of this.clientes.values()) if (c.id !== except && c.documento === documento) return c;
    return undefined;
  }

  /** Clients per category, from the model. */
  count(categoriaId: number): number {
    let n = 0;
    for (const p of this.clientes.values()) if (p.categoriaId === categoriaId) n++;
    return n;
  }

  /** Applies a 2xx answer of a write to the model. */
  applyCreated(entity: Entity, body: Json): 'new' | 'replay' {
    const id = body.id as number;
    if (this.created[entity].has(id)) return 'replay';
    this.created[entity].add(id);
    this.put(entity, body);
    this.wrote(entity, id);
    return 'new';
  }

  /** A successful PUT: keep the answer with the highest versao (concurrent PUTs may finish in any order). */
  applyUpdated(entity: Entity, body: Json): void {
    const map = entity === 'categoria' ? this.categorias : this.clientes;
    const current = map.get(body.id as number);
    if (current && (body.versao as number) > current.versao) this.put(entity, body);
  }

  /** A delete moves the record to the trash. */
  applyDeleted(entity: Entity, id: number): void {
    if (entity === 'categoria') {
      const c = this.categorias.get(id);
      if (c) this.trash.categoria.set(id, c);
      this.categorias.delete(id);
    } else {
      const p = this.clientes.get(id);
      if (p) this.trash.cliente.set(id, p);
      this.clientes.delete(id);
    }
    this.wrote(entity, id);
  }

  /**
   * A purge: out of the trash for good, its history gone with it, and the Idempotency-Key of its
   * create forgotten (the key's record held its answer: a request with it creates anew).
   */
  applyPurged(entity: Entity, id: number): void {
    this.trash[entity].delete(id);
    // A client's purge erases every tarefa stored under it, those in the trash too.
    if (entity === 'cliente') for (const m of [this.tarefas, this.tarefaTrash]) for (const [tid, t] of m) if (t.cliente === id) m.delete(tid);
    this.purged[entity].add(id);
    this.writes.delete(`${entity === 'categoria' ? 'C' : 'P'}${id}`);
    for (const key of this.keysOf(entity, id)) this.keys.delete(key);
  }

  /** The `route#key` entries whose answer is the create of this record. */
  keysOf(entity: Entity, id: number): string[] {
    const route = entity === 'categoria' ? 'POST /categorias' : 'POST /produtos';
    return [...this.keys].filter(([k, v]) => k.startsWith(`${route}#`) && (v.response as { id?: number }).id === id).map(([k]) => k);
  }

  /** A restore: the record back as the answer says (same id, new versao, maybe without its category). */
  applyRestored(entity: Entity, body: Json): void {
    this.trash[entity].delete(body.id as number);
    this.put(entity, body);
    this.wrote(entity, body.id as number);
  }

  /** A tarefa as an answer says (concurrent writes may finish in any order: the highest versao stays). */
  applyTarefa(body: Json): void {
    const t = toModelTarefa(body);
    const current = this.tarefas.get(t.id);
    if (!current || t.versao > current.versao) this.tarefas.set(t.id, t);
  }

  /** A client's next tarefa as the API embeds it: its pending tarefa due first (ties by id), or none. */
  proximaTarefa(cliente: number): Json | undefined {
    let best: ModelTarefa | undefined;
    for (const t of this.tarefas.values()) {
      if (t.cliente !== cliente || t.concluida) continue;
      if (!best || t.quando < best.quando || (t.quando === best.quando && t.id < best.id)) best = t;
    }
    return best && { id: best.id, tipo: best.tipo, descricao: best.descricao, quando: best.quando, responsavel: best.responsavel };
  }

  applyTarefaDeleted(id: number): void {
    const t = this.tarefas.get(id);
    if (t) this.tarefaTrash.set(id, t);
    this.tarefas.delete(id);
  }

  applyTarefaRestored(body: Json): void {
    this.tarefaTrash.delete(body.id as number);
    this.tarefas.set(body.id as number, toModelTarefa(body));
  }

  private put(entity: Entity, body: Json): void {
    if (entity === 'categoria') {
      this.categorias.set(body.id as number, { id: body.id as number, descricao: body.descricao as string, versao: body.versao as number });
    } else {
      const categoria = body.categoria as { id: number } | null;
      this.clientes.set(body.id as number, {
        id: body.id as number,
        nome: body.nome as string,
        segmento: body.segmento as string,
        pontoFocal: body.pontoFocal as string,
        valorContrato: body.valorContrato as number,
        categoriaId: categoria ? categoria.id : null,
        versao: body.versao as number,
        // The contact and contract fields the answer has.
        ...contatoOf(body),
      });
    }
  }
}

/** JSON with sorted keys, so equal values compare equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------
// Operations

/** Picks an existing id (by index) or, when `missing`, one that does not exist. */
export interface Target {
  pick: number;
  missing: boolean;
}
export interface CatChoice {
  mode: 'existing' | 'missing' | 'null' | 'absent';
  pick: number;
}
export type VersaoMode = 'current' | 'stale' | 'absent';
export interface KeyChoice {
  /** From a small pool (so keys repeat) or fresh. */
  reuse: boolean;
  index: number;
}

export type WriteRoute = 'POST /categorias' | 'PUT /categorias' | 'POST /produtos' | 'PUT /produtos';

export type BodyMutation =
  | { type: 'drop'; field: string }
  | { type: 'wrongType'; field: string; value: unknown }
  | { type: 'tooLong'; field: string; char: string }
  | { type: 'blank'; field: string; value: string }
  | { type: 'rawField'; field: string; token: string }
  | { type: 'rawBody'; raw: string }
  | { type: 'contentType'; value: string }
  | { type: 'oversize'; char: string }
  | { type: 'deep'; depth: number; where: 'top' | 'field' | 'unknown'; open: '[' | '{' };

export type FuzzOp =
  | { kind: 'createCategoria'; body: Json; key: KeyChoice | null; contentType: string; extra: Json }
  | { kind: 'createCliente'; body: Json; cat: CatChoice; key: KeyChoice | null; contentType: string; extra: Json }
  | { kind: 'updateCategoria'; body: Json; target: Target; versao: VersaoMode; extra: Json }
  | { kind: 'updateCliente'; body: Json; target: Target; versao: VersaoMode; cat: CatChoice; extra: Json }
  | { kind: 'remove'; entity: Entity; target: Target }
  | { kind: 'get'; entity: Entity; target: Target }
  | { kind: 'list'; entity: Entity; acceptEncoding: string }
  | { kind: 'invalidBody'; route: WriteRoute; body: Json; target: Target; mutation: BodyMutation }
  | { kind: 'badId'; method: 'GET' | 'DELETE'; entity: Entity; raw: string }
  | { kind: 'badKey'; entity: Entity; body: Json; key: string }
  | { kind: 'unknownPath'; method: string; path: string }
  | { kind: 'wrongMethod'; method: string; path: string }
  | { kind: 'options'; path: string }
  | { kind: 'exactSize'; body: Json }
  | { kind: 'usuarios'; routeKey: string; email: string; body: Json | undefined }
  // Restores from the trash, purges, the trash's list and history reads (every page).
  /** `taken`: rather a record whose name or CNPJ/CPF another one holds now, when there is one. */
  | { kind: 'restore'; entity: Entity; target: Target; taken: boolean }
  | { kind: 'purge'; entity: Entity; target: Target; live: boolean }
  | { kind: 'lixeira'; limit: number | undefined }
  | { kind: 'historico'; entity: Entity; target: Target; limit: number | undefined }
  | { kind: 'createTarefa'; cliente: Target; trashedCliente: boolean; fields: TarefaFields }
  | { kind: 'updateTarefa'; target: Target; versao: VersaoMode; change: Partial<TarefaFields> }
  | { kind: 'removeTarefa'; target: Target }
  | { kind: 'trashTarefa'; action: 'restore' | 'purge'; target: Target };

/** What the fuzz sets of a tarefa: `dias` from a fixed day and `minuto` of it (São Paulo's offset); in the open mode `responsavel` is free text. */
export interface TarefaFields {
  tipo: TipoTarefa;
  descricao: string;
  dias: number;
  minuto: number;
  concluida: boolean;
  responsavel: string;
}

const target: fc.Arbitrary<Target> = fc.record({
  pick: fc.nat(),
  missing: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});
const catChoice: fc.Arbitrary<CatChoice> = fc.record({
  mode: fc.oneof(
    { weight: 6, arbitrary: fc.constant('existing' as const) },
    { weight: 1, arbitrary: fc.constant('missing' as const) },
    { weight: 2, arbitrary: fc.constant('null' as const) },
    { weight: 2, arbitrary: fc.constant('absent' as const) },
  ),
  pick: fc.nat(),
});
const versaoMode: fc.Arbitrary<VersaoMode> = fc.constantFrom('current', 'current', 'stale', 'absent');
const keyChoice: fc.Arbitrary<KeyChoice | null> = fc.option(fc.record({ reuse: fc.boolean(), index: fc.nat({ max: 5 }) }), { freq: 2 });
/** JSON content types the API accepts. */
const jsonContentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json');
/** Unknown fields: ignored, never stored. */
const extraFields: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      // Storage names, and the fields the server alone sets (who and when, the history counter).
      fc.constantFrom(
        'pk', 'sk', 'produtos', 'categoriaId', 'expiresAt', '__proto__x', 'extra', 'admin', 'versao2',
        'criadoEm', 'criadoPor', 'atualizadoEm', 'atualizadoPor', 'historico', 'idempotencia',
      ),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 3 },
    ),
  },
);

const categoriaInput = arbitraryFromSchema(doc, S.CategoriaInput!) as fc.Arbitrary<Json>;
const produtoInput = arbitraryFromSchema(doc, S.ProdutoInput!) as fc.Arbitrary<Json>;
const categoriaUpdate = arbitraryFromSchema(doc, S.CategoriaUpdate!) as fc.Arbitrary<Json>;
const produtoUpdate = arbitraryFromSchema(doc, S.ProdutoUpdate!) as fc.Arbitrary<Json>;

/** Text that is not well-formed Unicode: a lone UTF-16 surrogate (UTF-8 can't hold it). */
const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 5 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 5 }))
  .map(([a, s, b]) => `${a}${s}${b}`);

/** Values of the wrong JSON type (or not well-formed text) for each kind of field. */
const WRONG: Record<string, fc.Arbitrary<unknown>> = {
  requiredText: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.constant({ a: 1 }), loneSurrogate),
  optionalText: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.constant({ texto: 'x' }), loneSurrogate),
  number: fc.oneof(fc.constantFrom('5,00', '1.500,00', ' 5', '0x10', 'NaN', 'Infinity', '', '1e3'), fc.boolean(), fc.constant(null), fc.constant([1]), fc.constant({ v: 1 })),
  id: fc.oneof(fc.constantFrom('1', '01', 0, -1, 1.5, 2 ** 53 + 2, true, null), fc.constant([1]), fc.constant({ id: 1 })),
  versao: fc.constantFrom('1', 0, -3, 2.5, true, 2 ** 60), // null is valid: it means absent
  categoria: fc.oneof(
    fc.constantFrom(1, '1', true, 'null', [], {}),
    fc.constant({ id: '1' }),
    fc.constant({ id: 0 }),
    fc.constant({ id: 1.5 }),
    fc.constant({ id: null }),
    fc.constant({ descricao: 'sem id' }),
  ),
};

interface FieldSpec {
  kind: keyof typeof WRONG;
  required: boolean;
  max?: number;
}
/** The fields of each write route (from the document: which are required and their limits). */
export const ROUTE_FIELDS: Record<WriteRoute, Record<string, FieldSpec>> = (() => {
  const fields = (schema: string): Record<string, FieldSpec> => {
    const s = S[schema]!;
    const required = s.required as string[];
    const out: Record<string, FieldSpec> = {};
    for (const [name, prop] of Object.entries(s.properties as Record<string, Record<string, unknown>>)) {
      const textMax = (prop.maxLength ?? (prop.anyOf as Record<string, unknown>[] | undefined)?.[0]?.maxLength) as number | undefined;
      const kind =
        name === 'id' ? 'id' : name === 'versao' ? 'versao' : name === 'categoria' ? 'categoria' : name === 'valorContrato' ? 'number'
          : required.includes(name) ? 'requiredText' : 'optionalText';
      out[name] = { kind, required: required.includes(name), ...(textMax !== undefined ? { max: textMax } : {}) };
    }
    return out;
  };
  return {
    'POST /categorias': fields('CategoriaInput'),
    'PUT /categorias': fields('CategoriaUpdate'),
    'POST /produtos': fields('ProdutoInput'),
    'PUT /produtos': fields('ProdutoUpdate'),
  };
})();

const writeRoute = fc.constantFrom<WriteRoute>('POST /categorias', 'PUT /categorias', 'POST /produtos', 'PUT /produtos');

function mutationFor(route: WriteRoute): fc.Arbitrary<BodyMutation> {
  const specs = ROUTE_FIELDS[route];
  const names = Object.keys(specs);
  const required = names.filter((n) => specs[n]!.required);
  const texts = names.filter((n) => specs[n]!.max !== undefined);
  const requiredTexts = texts.filter((n) => specs[n]!.required);
  const numericOrId = names.filter((n) => ['number', 'id', 'versao'].includes(specs[n]!.kind));
  const variants: fc.WeightedArbitrary<BodyMutation>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...required).map((field) => ({ type: 'drop' as const, field })) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(...names).chain((field) => WRONG[specs[field]!.kind]!.map((value) => ({ type: 'wrongType' as const, field, value }))),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('tooLong' as const), field: fc.constantFrom(...texts), char: fc.constantFrom('x', 'é', '中', '😀') }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('rawBody' as const),
        raw: fc.oneof(
          fc.constantFrom('', '[]', '[{}]', 'null', '42', '"texto"', 'true', '{', '{"a":}', 'NaN', "{'descricao':'x'}", 'descricao=x', '\u0000', '{}{}', '{"descricao":"a",}'),
          fc.string({ maxLength: 30 }).filter((s) => {
            try {
              const v: unknown = JSON.parse(s);
              return typeof v !== 'object' || v === null || Array.isArray(v);
            } catch {
              return true;
            }
          }),
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('contentType' as const),
        value: fc.constantFrom('', 'text/plain', 'application/xml', 'text/html', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/jsonx', 'json', 'text/json', 'application/octet-stream', 'application/json; charset=latin1'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('oversize' as const), char: fc.constantFrom('x', 'é', '😀') }) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('deep' as const),
        depth: fc.oneof(fc.integer({ min: 40, max: 200 }), fc.integer({ min: 1000, max: 9000 })),
        where: fc.constantFrom('top' as const, 'field' as const, 'unknown' as const),
        open: fc.constantFrom('[' as const, '{' as const),
      }),
    },
  ];
  if (requiredTexts.length > 0) {
    variants.push({
      weight: 1,
      arbitrary: fc.record({ type: fc.constant('blank' as const), field: fc.constantFrom(...requiredTexts), value: fc.constantFrom('', ' ', '   \t\n', '\u00a0\u2003') }),
    });
  }
  if (numericOrId.length > 0) {
    variants.push({
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('rawField' as const),
        field: fc.constantFrom(...numericOrId),
        // Out of range or not an integer for every numeric field (1e13 is an integer: money only).
        token: fc.constantFrom('1e309', '-1e309', '-0.01', '1000000000000.01', '0.001', '1.005', '99999999999999999999', '-1', '1.5e300'),
      }),
    });
  }
  return fc.oneof(...variants);
}

/** Ids a path must refuse (400), and paths that are no route at all. */
const BAD_IDS = [
  '0', '00', '01', '1e3', '0x10', '-1', '+1', '1.0', '1,2', '%201', '1%20', '12345678901234567', '99999999999999999999',
  'abc', 'NaN', 'Infinity', 'null', '%00', '%ZZ', '1%2F2', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc', '%D9%A3', '1%0A', 'true', '[1]',
];
const badIdRaw = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BAD_IDS) },
  {
    weight: 1,
    arbitrary: fc
      .string({ minLength: 1, maxLength: 20, unit: 'binary' })
      .filter((s) => !/^[1-9][0-9]{0,15}$/.test(s) && s !== '.' && s !== '..')
      .map((s) => encodeURIComponent(s)),
  },
);
const UNKNOWN_PATHS = ['', '/', '/clientes', '/categoria', '/CATEGORIAS', '/categorias/', '/categorias/1/', '/categorias/1/produtos', '//categorias', '/produtos//1', '/categorias.json', '/api/categorias', '/produtos/1/2/3', '/sobre-nos', '/categorias%2F1'];
const unknownPath = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...UNKNOWN_PATHS) },
  { weight: 1, arbitrary: fc.stringMatching(/^\/[a-z]{1,12}(\/[a-z0-9]{1,6})?$/).filter((p) => !/^\/(categorias|produtos|usuarios)(\/|$)/.test(p)) },
);
const wrongMethod = fc.oneof(
  fc.record({ method: fc.constantFrom('PATCH', 'DELETE'), path: fc.constantFrom('/categorias', '/produtos') }),
  fc.record({ method: fc.constantFrom('PATCH', 'POST', 'PUT'), path: fc.constantFrom('/categorias/1', '/produtos/7') }),
);
const badKey = fc.oneof(
  fc.constantFrom('', 'a b', 'chave\u00e7', '\t', 'x'.repeat(LIMITS.idempotencyKeyMaxLength + 1), 'ab\u00ff'),
  fc.string({ minLength: LIMITS.idempotencyKeyMaxLength + 1, maxLength: 400, unit: 'binary-ascii' }).map((s) => s.replace(/[^\x21-\x7e]/g, 'k')),
);

/**
 * The users API, in the open mode the fuzz suite runs in (AUTH=off): every request, valid or not,
 * is 404 `{"mensagem": "O login está desativado."}` before anything is read. Its behaviour with
 * sign-in needs a user pool: cognito-local keeps one JSON file per pool and answers one request
 * at a time, so fuzzing it would test cognito-local; usuarios.test.ts and usuarios.mock.test.ts
 * cover those routes instead.
 */
const USERS_ROUTES = routes.filter((r) => r.path.startsWith('/usuarios')).map((r) => r.routeKey);
const usuariosOp: fc.Arbitrary<FuzzOp> = fc.record({
  kind: fc.constant('usuarios' as const),
  routeKey: fc.constantFrom(...USERS_ROUTES),
  email: fc.oneof(fc.constantFrom('ana@empresa.com.br', 'Ana@Empresa.com.br', 'nao-e-email', '%40', 'a%2Fb@x.com'), fc.emailAddress()),
  body: fc.option(
    fc.oneof(
      arbitraryFromSchema(doc, S.UsuarioInput!) as fc.Arbitrary<Json>,
      arbitraryFromSchema(doc, S.UsuarioAtivo!) as fc.Arbitrary<Json>,
      arbitraryFromSchema(doc, S.UsuarioAdmin!) as fc.Arbitrary<Json>,
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    ),
    { nil: undefined },
  ),
});

const tarefaFields: fc.Arbitrary<TarefaFields> = fc.record({
  tipo: fc.constantFrom(...TIPOS_TAREFA),
  descricao: fc.tuple(fc.constantFrom('Ligar', 'Enviar proposta', 'Visita técnica', 'Cobrar retorno'), fc.nat({ max: 999 })).map(([d, n]) => `${d} ${n}`),
  dias: fc.integer({ min: -10, max: 30 }),
  minuto: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  concluida: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  // Few people, so one person's agenda holds several tarefas.
  responsavel: fc.constantFrom('ana', 'bia', 'Carla Souza'),
});

/** A tarefa's `quando` as the web sends it: a day from 27/11/2026 and a time, with São Paulo's offset. */
function quandoOf(dias: number, minuto: number): string {
  const day = new Date(Date.UTC(2026, 10, 27 + dias)).toISOString().slice(0, 10);
  return `${day}T${String(Math.floor(minuto / 60)).padStart(2, '0')}:${String(minuto % 60).padStart(2, '0')}:00-03:00`;
}

/** One operation; the weights give about 45% valid writes, 15% reads, 40% invalid requests. */
export const opArb: fc.Arbitrary<FuzzOp> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('createCategoria' as const), body: categoriaInput, key: keyChoice, contentType: jsonContentType, extra: extraFields }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('createCliente' as const), body: produtoInput, cat: catChoice, key: keyChoice, contentType: jsonContentType, extra: extraFields }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('updateCategoria' as const), body: categoriaUpdate, target, versao: versaoMode, extra: extraFields }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('updateCliente' as const), body: produtoUpdate, target, versao: versaoMode, cat: catChoice, extra: extraFields }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), entity: fc.constantFrom<Entity>('categoria', 'cliente'), target }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('get' as const), entity: fc.constantFrom<Entity>('categoria', 'cliente'), target }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('list' as const), entity: fc.constantFrom<Entity>('categoria', 'cliente'), acceptEncoding: fc.constantFrom('', 'gzip', 'br', 'identity', 'gzip;q=0, br;q=0', '*', 'deflate') }) },
  {
    weight: 12,
    arbitrary: writeRoute.chain((route) =>
      fc.record({
        kind: fc.constant('invalidBody' as const),
        route: fc.constant(route),
        body: route.startsWith('POST /categorias') ? categoriaInput : route === 'PUT /categorias' ? categoriaUpdate : route === 'POST /produtos' ? produtoInput : produtoUpdate,
        target,
        mutation: mutationFor(route),
      }),
    ),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('badId' as const), method: fc.constantFrom('GET' as const, 'DELETE' as const), entity: fc.constantFrom<Entity>('categoria', 'cliente'), raw: badIdRaw }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('badKey' as const), entity: fc.constantFrom<Entity>('categoria', 'cliente'), body: categoriaInput, key: badKey }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unknownPath' as const), method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), path: unknownPath }) },
  { weight: 2, arbitrary: wrongMethod.map((m) => ({ kind: 'wrongMethod' as const, ...m })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('options' as const), path: fc.constantFrom('/categorias', '/produtos/3', '/nada') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('exactSize' as const), body: categoriaInput }) },
  { weight: 1, arbitrary: usuariosOp },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('restore' as const),
      entity: fc.constantFrom<Entity>('categoria', 'cliente'),
      target,
      taken: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('purge' as const),
      entity: fc.constantFrom<Entity>('categoria', 'cliente'),
      target,
      live: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lixeira' as const), limit: fc.option(fc.integer({ min: 1, max: LIMITS.page.max }), { nil: undefined }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('createTarefa' as const),
      cliente: target,
      trashedCliente: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      fields: tarefaFields,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('updateTarefa' as const),
      target,
      versao: versaoMode,
      // Reschedule, complete (or reopen), reassign, rename: at least one of them.
      change: tarefaFields.chain((f) =>
        fc.subarray(['dias', 'concluida', 'responsavel', 'descricao'] as const, { minLength: 1 }).map((keys) => {
          const change: Partial<TarefaFields> = Object.fromEntries(keys.map((k) => [k, f[k]]));
          if (change.dias !== undefined) change.minuto = f.minuto;
          return change;
        }),
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('removeTarefa' as const), target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('trashTarefa' as const), action: fc.constantFrom('restore' as const, 'restore' as const, 'purge' as const), target }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('historico' as const),
      entity: fc.constantFrom<Entity>('categoria', 'cliente'),
      target,
      limit: fc.option(fc.integer({ min: 1, max: LIMITS.page.max }), { nil: undefined }),
    }),
  },
);

// ---------------------------------------------------------------------------------------------
// Resolution: an operation + the model → a concrete request and what may come back

export interface Planned {
  /** For messages. */
  label: string;
  method: string;
  /** Path under the base path. */
  path: string;
  /** The OpenAPI route (`METHOD /template`), or undefined for the catch-all and OPTIONS. */
  routeKey?: string;
  body?: string | Uint8Array;
  headers: Record<string, string | null>;
  /** Statuses allowed when nothing else touched the same records in the same group. */
  expect: number[];
  /** Records (and keys) this request reads or writes: overlapping requests in a group widen `expect`. */
  touches: string[];
  /** Whether a 2xx changes the model (and how). */
  apply?: (status: number, body: unknown, model: Model) => void;
  /** Compare a 2xx body with the model when nothing overlapped. */
  check?: (body: unknown, model: Model) => void;
  /** The branch of the rules this request is expected to take, when worth counting (`documento-409`). */
  branch?: string;
  /** Compare a 4xx body with what the model expects (the record named in a 409) when nothing overlapped. */
  checkRefusal?: (status: number, body: unknown) => void;
  /**
   * A paged read: the path of the page after the one answered (undefined: it was the last). The
   * runner reads every page; `check` then sees them all as one (`itens` of every page, in order).
   */
  next?: (body: unknown) => string | undefined;
}

/**
 * The trash as a whole: a request that lists it touches TRASH, one that changes what is in it
 * (a delete, a restore, a purge) TRASH_CHANGE. A list races every change; changes of different
 * records don't race each other (see `overlaps`).
 */
const TRASH = 'T';
const TRASH_CHANGE = 'T+';

/** Whether two requests of a group touch the same records (so either may see the other's effect). */
export function overlaps(p: Pick<Planned, 'touches'>, q: Pick<Planned, 'touches'>): boolean {
  return p.touches.some(
    (t) => (t !== TRASH_CHANGE && q.touches.includes(t)) || (t === TRASH && q.touches.includes(TRASH_CHANGE)) || (t === TRASH_CHANGE && q.touches.includes(TRASH)),
  );
}
/** The path of a paged read's next page: `?cursor=` added to what it asked. */
const nextPage = (path: string) => (body: unknown) => {
  const cursor = (body as { cursor?: string | null }).cursor;
  return cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : undefined;
};

let freshKey = 0;

const sortedIds = (m: Map<number, unknown>) => [...m.keys()].sort((a, b) => a - b);
function resolveTarget(t: Target, ids: number[], nextMissing: () => number): number {
  if (t.missing || ids.length === 0) return nextMissing();
  return ids[t.pick % ids.length]!;
}

/** The JSON of `body` with `text` as the raw value of `field` (tokens JSON.stringify can't write). */
function withRawField(body: Json, field: string, token: string): string {
  const marker = '"__RAW_TOKEN__"';
  return JSON.stringify({ ...body, [field]: '__RAW_TOKEN__' }).replace(marker, token);
}

/** Nested JSON `depth` levels deep. */
function nested(depth: number, open: '[' | '{'): string {
  return open === '[' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Turns an operation into a request with its expectations, using the model as it is now. */
export function plan(op: FuzzOp, model: Model): Planned {
  const cats = sortedIds(model.categorias);
  const prods = sortedIds(model.clientes);
  // Ids never created: beyond any answered id.
  const missing = (entity: Entity) => () => 900_000_000 + (entity === 'categoria' ? cats.length : prods.length) * 7 + 13;
  const catRef = (c: CatChoice): { value: unknown; id: number | null; exists: boolean } => {
    if (c.mode === 'null') return { value: null, id: null, exists: true };
    if (c.mode === 'absent') return { value: undefined, id: null, exists: true };
    if (c.mode === 'missing' || cats.length === 0) {
      const id = missing('categoria')();
      return { value: { id }, id, exists: false };
    }
    const id = cats[c.pick % cats.length]!;
    return { value: { id, descricao: 'ignorada' }, id, exists: true };
  };

  switch (op.kind) {
    case 'createCategoria':
    case 'createCliente': {
      const entity: Entity = op.kind === 'createCategoria' ? 'categoria' : 'cliente';
      const route = entity === 'categoria' ? 'POST /categorias' : 'POST /produtos';
      let body: Json = { ...op.extra, ...op.body, id: 123456 };
      let exists = true;
      let catId: number | null = null;
      if (op.kind === 'createCliente') {
        const ref = catRef(op.cat);
        body = { ...body, categoria: ref.value };
        exists = ref.exists;
        catId = ref.id;
      }
      const key = op.key ? (op.key.reuse ? `fz-${op.key.index}` : `fz-fresh-${++freshKey}-${op.key.index}`) : undefined;
      const parsed = entity === 'categoria' ? parseCategoriaInput(body) : parseClienteInput(body);
      if (!parsed.ok) throw new Error(`generated body is invalid: ${parsed.mensagem} ${JSON.stringify(body)}`);
      const validated = canonical(parsed.value);
      const previous = key ? model.keys.get(`${route}#${key}`) : undefined;
      const name = entity === 'categoria' ? (parsed.value as { descricao: string }).descricao : undefined;
      const taken = name !== undefined && model.nameHolder(name) !== undefined;
      // A documento another client has is a 409.
      const documento = entity === 'cliente' ? (parsed.value as { documento?: string | null }).documento : undefined;
      const documentoTaken = model.documentoHolder(documento) !== undefined;
      const expect = previous ? (previous.validated === validated ? [201] : [422]) : !exists ? [400] : taken || documentoTaken ? [409] : [201];
      return {
        label: `${route}${key ? ` key=${key}` : ''}`,
        ...(expect[0] === 409 && documentoTaken ? { branch: 'create: documento 409' } : {}),
        method: 'POST',
        path: `/${entity === 'categoria' ? 'categorias' : 'produtos'}`,
        routeKey: route,
        body: JSON.stringify(body),
        headers: { 'content-type': op.contentType, ...(key ? { 'idempotency-key': key } : {}) },
        expect,
        touches: [
          ...(catId !== null ? [`C${catId}`] : []),
          ...(key ? [`K${route}#${key}`] : []),
          ...(name !== undefined ? [`N${foldName(name)}`] : []),
          ...(documento ? [`D${documento}`] : []),
        ],
        apply: (status, res, m) => {
          if (status !== 201) return;
          const kind = m.applyCreated(entity, res as Json);
          if (key && kind === 'new') m.keys.set(`${route}#${key}`, { validated, response: res });
        },
        check: (res) => {
          if (previous && previous.validated === validated) {
            if (canonical(res) !== canonical(previous.response)) throw new Error(`replay differs: ${canonical(res)} vs ${canonical(previous.response)}`);
          }
        },
      };
    }
    case 'updateCategoria':
    case 'updateCliente': {
      const entity: Entity = op.kind === 'updateCategoria' ? 'categoria' : 'cliente';
      const ids = entity === 'categoria' ? cats : prods;
      const id = resolveTarget(op.target, ids, missing(entity));
      const record = (entity === 'categoria' ? model.categorias : model.clientes).get(id);
      const body: Json = { ...op.extra, ...op.body, id };
      delete body.versao;
      if (record && op.versao === 'current') body.versao = record.versao;
      if (op.versao === 'stale') body.versao = record ? (record.versao > 1 ? record.versao - 1 : record.versao + 1) : 1;
      let catExists = true;
      const touches = [`${entity === 'categoria' ? 'C' : 'P'}${id}`];
      if (op.kind === 'updateCliente') {
        const ref = catRef(op.cat);
        if (ref.value === undefined) delete body.categoria;
        else body.categoria = ref.value;
        catExists = ref.exists;
        if (ref.id !== null) touches.push(`C${ref.id}`);
        const old = model.clientes.get(id)?.categoriaId;
        if (old !== undefined && old !== null) touches.push(`C${old}`);
      }
      const stale = op.versao === 'stale';
      let taken = false;
      if (op.kind === 'updateCategoria') {
        const parsed = parseCategoriaInput(body);
        const name = parsed.ok ? parsed.value.descricao : String(body.descricao);
        taken = model.nameHolder(name, id) !== undefined;
        touches.push(`N${foldName(name)}`);
        const current = model.categorias.get(id);
        if (current) touches.push(`N${foldName(current.descricao)}`);
      }
      // The contact fields after the PUT (absent: kept; null or "": cleared); dates out
      // of order with the kept ones are a 400, a documento another client has a 409.
      let datesOutOfOrder = false;
      if (op.kind === 'updateCliente') {
        const parsed = parseClienteUpdate(body);
        if (!parsed.ok) throw new Error(`generated body is invalid: ${parsed.mensagem} ${JSON.stringify(body)}`);
        const current = model.clientes.get(id);
        const after = (f: (typeof CONTATO_FIELDS)[number]) => (parsed.value[f] === undefined ? current?.[f] : parsed.value[f]);
        datesOutOfOrder = endsBeforeStart(after('inicioContrato'), after('fimContrato'));
        const documento = after('documento');
        taken = model.documentoHolder(documento, id) !== undefined;
        if (documento) touches.push(`D${documento}`);
        if (current?.documento) touches.push(`D${current.documento}`);
      }
      const expect = !record ? [404] : stale ? [409] : datesOutOfOrder || !catExists ? [400] : taken ? [409] : [200];
      const route = entity === 'categoria' ? 'PUT /categorias' : 'PUT /produtos';
      return {
        label: `${route} id=${id} versao=${op.versao}`,
        ...(expect[0] === 409 && taken && op.kind === 'updateCliente' ? { branch: 'update: documento 409' } : {}),
        method: 'PUT',
        path: `/${entity === 'categoria' ? 'categorias' : 'produtos'}`,
        routeKey: route,
        body: JSON.stringify(body),
        headers: {},
        expect,
        touches,
        apply: (status, res, m) => {
          if (status === 200) m.applyUpdated(entity, res as Json);
        },
        check: (res) => {
          const r = res as Json;
          if (record && r.versao !== record.versao + 1) throw new Error(`versao ${String(r.versao)} after ${record.versao}`);
        },
      };
    }
    case 'remove':
    case 'get': {
      const ids = op.entity === 'categoria' ? cats : prods;
      const id = resolveTarget(op.target, ids, missing(op.entity));
      const exists = ids.includes(id);
      const segment = op.entity === 'categoria' ? 'categorias' : 'produtos';
      const routeKey = `${op.kind === 'get' ? 'GET' : 'DELETE'} /${segment}/{id}`;
      const touches = [`${op.entity === 'categoria' ? 'C' : 'P'}${id}`, ...(op.kind === 'remove' ? [TRASH_CHANGE] : [])];
      const cat = op.entity === 'cliente' ? model.clientes.get(id)?.categoriaId : undefined;
      if (cat !== undefined && cat !== null) touches.push(`C${cat}`);
      // Deleting a category frees its name.
      const named = op.kind === 'remove' && op.entity === 'categoria' ? model.categorias.get(id) : undefined;
      if (named) touches.push(`N${foldName(named.descricao)}`);
      // Deleting a client frees its documento.
      const documento = op.kind === 'remove' && op.entity === 'cliente' ? model.clientes.get(id)?.documento : undefined;
      if (documento) touches.push(`D${documento}`);
      let expect = exists ? [op.kind === 'get' ? 200 : 204] : [404];
      if (op.kind === 'remove' && op.entity === 'categoria' && exists && model.count(id) > 0) expect = [409];
      return {
        label: `${routeKey} id=${id}`,
        method: op.kind === 'get' ? 'GET' : 'DELETE',
        path: `/${segment}/${id}`,
        routeKey,
        headers: {},
        expect,
        touches,
        apply: (status, _res, m) => {
          if (status === 204) m.applyDeleted(op.entity, id);
        },
        check: (res, m) => {
          if (op.kind !== 'get') return;
          const expected = op.entity === 'categoria' ? m.categorias.get(id) : { ...m.clientes.get(id), proximaTarefa: m.proximaTarefa(id) };
          const got = withoutAudit(res as Json);
          const comparable = op.entity === 'cliente' ? { ...got, categoriaId: (got.categoria as { id: number } | null)?.id ?? null, categoria: undefined } : got;
          if (canonical(comparable) !== canonical(expected)) throw new Error(`GET ${id}: ${canonical(comparable)} vs model ${canonical(expected)}`);
        },
      };
    }
    case 'list': {
      const segment = op.entity === 'categoria' ? 'categorias' : 'produtos';
      return {
        label: `GET /${segment} (accept-encoding: ${op.acceptEncoding})`,
        method: 'GET',
        path: `/${segment}`,
        routeKey: `GET /${segment}`,
        headers: op.acceptEncoding ? { 'accept-encoding': op.acceptEncoding } : {},
        expect: [200],
        touches: [],
      };
    }
    case 'invalidBody': {
      const [method, path] = op.route.split(' ') as [string, string];
      const entity: Entity = path === '/categorias' ? 'categoria' : 'cliente';
      let body: Json = { ...op.body };
      if (method === 'PUT') {
        const ids = entity === 'categoria' ? cats : prods;
        body.id = resolveTarget(op.target, ids, missing(entity));
        delete body.versao;
      }
      if (entity === 'cliente' && 'categoria' in body && body.categoria !== null) {
        body.categoria = cats.length ? { id: cats[op.target.pick % cats.length] } : null;
      }
      const m = op.mutation;
      let raw: string;
      let headers: Record<string, string | null> = {};
      let expect = [400];
      switch (m.type) {
        case 'drop':
          delete body[m.field];
          raw = JSON.stringify(body);
          break;
        case 'wrongType':
          body = { ...body, [m.field]: m.value };
          raw = JSON.stringify(body);
          break;
        case 'tooLong': {
          const max = ROUTE_FIELDS[op.route][m.field]!.max!;
          let s = '';
          while ([...s].length <= max) s += m.char; // one code point over the limit
          raw = JSON.stringify({ ...body, [m.field]: s });
          break;
        }
        case 'blank':
          raw = JSON.stringify({ ...body, [m.field]: m.value });
          break;
        case 'rawField':
          raw = withRawField(body, m.field, m.token);
          break;
        case 'rawBody':
          raw = m.raw;
          break;
        case 'contentType':
          raw = JSON.stringify(body);
          headers = { 'content-type': m.value === '' ? null : m.value }; // '' → no Content-Type at all
          expect = [415, 400];
          break;
        case 'oversize': {
          const base = JSON.stringify({ ...body, pad: '' });
          const bytesPerChar = Buffer.byteLength(m.char);
          const chars = Math.ceil((LIMITS.bodyBytes + 1 - Buffer.byteLength(base)) / bytesPerChar);
          raw = JSON.stringify({ ...body, pad: m.char.repeat(Math.max(chars, 1)) });
          expect = [413];
          break;
        }
        case 'deep': {
          const deep = nested(m.depth, m.open);
          raw = m.where === 'top' ? deep : JSON.stringify({ ...body, [m.where === 'field' ? Object.keys(ROUTE_FIELDS[op.route])[0]! : 'junk']: '__RAW_TOKEN__' }).replace('"__RAW_TOKEN__"', deep);
          expect = Buffer.byteLength(raw) > LIMITS.bodyBytes ? [413] : [400];
          break;
        }
      }
      return {
        label: `${op.route} invalid ${m.type}${'field' in m ? ` ${m.field}` : ''}`,
        method,
        path,
        routeKey: op.route,
        body: raw,
        headers,
        expect,
        touches: [],
      };
    }
    case 'badId': {
      const segment = op.entity === 'categoria' ? 'categorias' : 'produtos';
      return {
        label: `${op.method} /${segment}/${op.raw}`,
        method: op.method,
        path: `/${segment}/${op.raw}`,
        routeKey: `${op.method} /${segment}/{id}`,
        headers: {},
        expect: [400],
        touches: [],
      };
    }
    case 'badKey': {
      const path = op.entity === 'categoria' ? '/categorias' : '/produtos';
      const body = op.entity === 'categoria' ? op.body : { nome: op.body.descricao, valorContrato: 1 };
      return {
        label: `POST ${path} bad Idempotency-Key (${op.key.length} chars)`,
        method: 'POST',
        path,
        routeKey: `POST ${path}`,
        body: JSON.stringify(body),
        headers: { 'idempotency-key': op.key },
        expect: [400],
        touches: [],
      };
    }
    case 'unknownPath':
      return { label: `${op.method} ${op.path} (unknown)`, method: op.method, path: op.path, headers: {}, expect: [404, 405], touches: [] };
    case 'wrongMethod':
      return { label: `${op.method} ${op.path} (wrong method)`, method: op.method, path: op.path, headers: {}, expect: [405], touches: [] };
    case 'options':
      return { label: `OPTIONS ${op.path}`, method: 'OPTIONS', path: op.path, headers: {}, expect: [204], touches: [] };
    case 'usuarios': {
      const [method, template] = op.routeKey.split(' ') as [string, string];
      const path = template.replace('{email}', encodeURIComponent(op.email));
      return {
        label: `${method} ${path} (open mode)`,
        method,
        path,
        routeKey: op.routeKey,
        ...(op.body === undefined || method === 'GET' ? {} : { body: JSON.stringify(op.body) }),
        headers: {},
        expect: [404],
        touches: [],
      };
    }
    case 'restore': {
      const trashed = sortedIds(model.trash[op.entity]);
      // The ones another record's name or CNPJ/CPF now blocks (rare by chance: asked for).
      const blocked = trashed.filter((t) =>
        op.entity === 'categoria' ? model.nameHolder(model.trash.categoria.get(t)!.descricao) : model.documentoHolder(model.trash.cliente.get(t)!.documento),
      );
      const id = op.taken && blocked.length > 0 ? blocked[op.target.pick % blocked.length]! : resolveTarget(op.target, trashed, missing(op.entity));
      const tipo = op.entity === 'categoria' ? 'categoria' : 'produto';
      const copy = op.entity === 'categoria' ? model.trash.categoria.get(id) : undefined;
      const client = op.entity === 'cliente' ? model.trash.cliente.get(id) : undefined;
      const touches = [`${op.entity === 'categoria' ? 'C' : 'P'}${id}`, TRASH_CHANGE];
      if (copy) touches.push(`N${foldName(copy.descricao)}`);
      if (client?.categoriaId != null) touches.push(`C${client.categoriaId}`);
      // Its CNPJ/CPF is claimed again: another client may hold it now (409 naming it).
      if (client?.documento) touches.push(`D${client.documento}`);
      const inTrash = trashed.includes(id);
      const nameHolder = copy && model.nameHolder(copy.descricao);
      const documentoHolder = client && model.documentoHolder(client.documento);
      return {
        label: `POST /lixeira/${tipo}/${id}/restaurar`,
        method: 'POST',
        path: `/lixeira/${tipo}/${id}/restaurar`,
        routeKey: 'POST /lixeira/{tipo}/{id}/restaurar',
        headers: {},
        expect: !inTrash ? [404] : nameHolder || documentoHolder ? [409] : [200],
        ...(inTrash && documentoHolder ? { branch: 'restore: documento 409' } : inTrash && nameHolder ? { branch: 'restore: name 409' } : {}),
        touches,
        checkRefusal: (status, body) => {
          if (status !== 409) return;
          const expected = nameHolder
            ? { mensagem: MESSAGES.categoriaDuplicada(nameHolder.descricao), campo: 'descricao' }
            : { mensagem: MESSAGES.documentoDuplicado(formatDocumento(client!.documento!), documentoHolder!.nome), campo: 'documento' };
          if (canonical(body) !== canonical(expected)) throw new Error(`restore ${id}: ${canonical(body)}, expected ${canonical(expected)}`);
        },
        apply: (status, res, m) => {
          if (status === 200) m.applyRestored(op.entity, (res as { registro: Json }).registro);
        },
        check: (res) => {
          const r = res as { registro: Json; aviso?: string };
          const before = client ?? copy;
          if (r.registro.id !== id || r.registro.versao !== before!.versao + 1) throw new Error(`restore ${id}: ${canonical(r)}`);
          // A client whose category is gone comes back without it, and the answer says so.
          const gone = client?.categoriaId != null && !model.categorias.has(client.categoriaId);
          if (gone !== (r.aviso !== undefined) || (gone && r.registro.categoria !== null)) throw new Error(`restore ${id} (category gone: ${gone}): ${canonical(r)}`);
        },
      };
    }
    case 'historico': {
      const live = sortedIds(op.entity === 'categoria' ? model.categorias : model.clientes);
      const stored = [...live, ...sortedIds(model.trash[op.entity])];
      // A purged record's history is gone: 404, as for one that never existed.
      const ids = [...stored, ...[...model.purged[op.entity]].sort((a, b) => a - b)];
      const id = resolveTarget(op.target, ids, missing(op.entity));
      const segment = op.entity === 'categoria' ? 'categorias' : 'produtos';
      const key = `${op.entity === 'categoria' ? 'C' : 'P'}${id}`;
      const limit = op.limit ?? LIMITS.page.default;
      const path = `/${segment}/${id}/historico${op.limit === undefined ? '' : `?limit=${op.limit}`}`;
      return {
        label: `GET /${segment}/${id}/historico?limit=${limit} (every page)`,
        method: 'GET',
        path,
        routeKey: `GET /${segment}/{id}/historico`,
        headers: {},
        expect: stored.includes(id) ? [200] : [404],
        touches: [key],
        next: nextPage(path),
        check: (res, m) => {
          const all = res as { itens: { acao: string; em: string }[]; pages: number };
          const writes = m.writes.get(key) ?? 0;
          // Every page read: the entries are at least the writes that always leave one, newest first.
          if (all.itens.length < writes) throw new Error(`history of ${key}: ${all.itens.length} entries in ${all.pages} pages for ${writes} writes`);
          if (all.pages !== Math.max(1, Math.ceil(all.itens.length / limit))) throw new Error(`history of ${key}: ${all.itens.length} entries in ${all.pages} pages of ${limit}`);
          if (all.itens.some((e, i) => i > 0 && e.em > all.itens[i - 1]!.em)) throw new Error(`history of ${key} is not newest first`);
        },
      };
    }
    case 'purge': {
      const trashed = sortedIds(model.trash[op.entity]);
      const live = sortedIds(op.entity === 'categoria' ? model.categorias : model.clientes);
      const purged = [...model.purged[op.entity]].sort((a, b) => a - b);
      // Mostly what is in the trash; else a live record, or one purged already or never stored (404).
      const id = op.live && live.length > 0 ? live[op.target.pick % live.length]! : resolveTarget(op.target, trashed.length ? trashed : purged, missing(op.entity));
      const tipo = op.entity === 'categoria' ? 'categoria' : 'produto';
      return {
        label: `DELETE /lixeira/${tipo}/${id}`,
        method: 'DELETE',
        path: `/lixeira/${tipo}/${id}`,
        routeKey: 'DELETE /lixeira/{tipo}/{id}',
        headers: {},
        expect: trashed.includes(id) ? [204] : [404],
        branch: trashed.includes(id) ? 'purge: 204' : 'purge: 404',
        // Its create's key too: the purge erases what that key replays.
        touches: [`${op.entity === 'categoria' ? 'C' : 'P'}${id}`, TRASH_CHANGE, ...model.keysOf(op.entity, id).map((k) => `K${k}`)],
        apply: (status, _res, m) => {
          if (status === 204) m.applyPurged(op.entity, id);
        },
      };
    }
    case 'lixeira': {
      const path = `/lixeira${op.limit === undefined ? '' : `?limit=${op.limit}`}`;
      const limit = op.limit ?? LIMITS.page.default;
      return {
        label: `GET ${path} (every page)`,
        method: 'GET',
        path,
        routeKey: 'GET /lixeira',
        headers: {},
        expect: [200],
        branch: 'trash listed',
        touches: [TRASH],
        next: nextPage(path),
        check: (res, m) => {
          const all = res as { itens: { tipo: string; id: number; nome: string; excluidoEm: string }[]; pages: number };
          // Exactly the model's trash, with each record's name, most recent delete first.
          const listed = all.itens.map((i) => `${i.tipo}#${i.id}#${i.nome}`).sort();
          const expected = [
            ...[...m.trash.categoria.values()].map((c) => `categoria#${c.id}#${c.descricao}`),
            ...[...m.trash.cliente.values()].map((c) => `produto#${c.id}#${c.nome}`),
            ...[...m.tarefaTrash.values()].map((t) => `tarefa#${t.id}#${t.descricao}`),
          ].sort();
          if (canonical(listed) !== canonical(expected)) throw new Error(`trash lists ${canonical(listed)}, the model has ${canonical(expected)}`);
          if (all.itens.some((e, i) => i > 0 && e.excluidoEm > all.itens[i - 1]!.excluidoEm)) throw new Error('the trash is not most recent first');
          if (all.pages !== Math.max(1, Math.ceil(all.itens.length / limit))) throw new Error(`the trash: ${all.itens.length} entries in ${all.pages} pages of ${limit}`);
        },
      };
    }
    case 'createTarefa': {
      // Mostly a live client; else one in the trash or one never stored (both 400: the client must be live).
      const trashedClientes = sortedIds(model.trash.cliente);
      const cliente = op.trashedCliente && trashedClientes.length > 0 ? trashedClientes[op.cliente.pick % trashedClientes.length]! : resolveTarget(op.cliente, prods, missing('cliente'));
      const f = op.fields;
      const body = { cliente, tipo: f.tipo, descricao: f.descricao, quando: quandoOf(f.dias, f.minuto), concluida: f.concluida, responsavel: f.responsavel };
      const live = model.clientes.has(cliente);
      return {
        label: `POST /tarefas (cliente ${cliente}${live ? '' : ', not live'})`,
        method: 'POST',
        path: '/tarefas',
        routeKey: 'POST /tarefas',
        body: JSON.stringify(body),
        headers: {},
        expect: live ? [201] : [400],
        branch: live ? 'tarefa: created' : 'tarefa: client not live 400',
        touches: [`P${cliente}`],
        apply: (status, res, m) => {
          if (status === 201) m.applyTarefa(res as Json);
        },
        check: (res) => {
          const t = res as Json;
          const sent = { ...body, quando: new Date(body.quando).toISOString(), versao: 1 };
          const got = { cliente: t.cliente, tipo: t.tipo, descricao: t.descricao, quando: t.quando, concluida: t.concluida, responsavel: t.responsavel, versao: t.versao };
          if (canonical(got) !== canonical(sent)) throw new Error(`created tarefa ${canonical(got)}, sent ${canonical(sent)}`);
        },
      };
    }
    case 'updateTarefa':
    case 'removeTarefa': {
      const live = sortedIds(model.tarefas);
      const trashed = sortedIds(model.tarefaTrash);
      // Mostly a live tarefa; else one in the trash or never stored (404).
      const id = resolveTarget(op.target, op.target.pick % 5 === 4 && trashed.length > 0 ? trashed : live, () => 900_000_000 + live.length * 7 + 13);
      const t = model.tarefas.get(id) ?? model.tarefaTrash.get(id);
      const touches = [`T${id}`, ...(t ? [`P${t.cliente}`] : [])];
      if (op.kind === 'removeTarefa') {
        return {
          label: `DELETE /tarefas/${id}`,
          method: 'DELETE',
          path: `/tarefas/${id}`,
          routeKey: 'DELETE /tarefas/{id}',
          headers: {},
          expect: model.tarefas.has(id) ? [204] : [404],
          branch: model.tarefas.has(id) ? 'tarefa: deleted' : 'tarefa: delete 404',
          touches: [...touches, TRASH_CHANGE],
          apply: (status, _res, m) => {
            if (status === 204) m.applyTarefaDeleted(id);
          },
        };
      }
      const c = op.change;
      const current = model.tarefas.get(id);
      const stale = op.versao === 'stale' && current !== undefined && current.versao > 1;
      const versao = op.versao === 'absent' ? undefined : stale ? current!.versao - 1 : (current?.versao ?? 1);
      const body = {
        ...(versao === undefined ? {} : { versao }),
        ...(c.dias !== undefined ? { quando: quandoOf(c.dias, c.minuto ?? 0) } : {}),
        ...(c.concluida !== undefined ? { concluida: c.concluida } : {}),
        ...(c.responsavel !== undefined ? { responsavel: c.responsavel } : {}),
        ...(c.descricao !== undefined ? { descricao: c.descricao } : {}),
      };
      const expect = !current ? [404] : stale ? [409] : [200];
      return {
        label: `PUT /tarefas/${id} ${JSON.stringify(body)}`,
        method: 'PUT',
        path: `/tarefas/${id}`,
        routeKey: 'PUT /tarefas/{id}',
        body: JSON.stringify(body),
        headers: {},
        expect,
        branch: !current ? 'tarefa: update 404' : stale ? 'tarefa: stale 409' : c.responsavel !== undefined ? 'tarefa: reassigned' : c.concluida ? 'tarefa: completed' : 'tarefa: updated',
        touches,
        apply: (status, res, m) => {
          if (status === 200) m.applyTarefa(res as Json);
        },
        check: (res) => {
          const r = toModelTarefa(res as Json);
          const want = {
            ...current!,
            ...(body.quando !== undefined ? { quando: new Date(body.quando).toISOString() } : {}),
            ...(body.concluida !== undefined ? { concluida: body.concluida } : {}),
            ...(body.responsavel !== undefined ? { responsavel: body.responsavel } : {}),
            ...(body.descricao !== undefined ? { descricao: body.descricao } : {}),
            versao: current!.versao + 1,
          };
          if (canonical(r) !== canonical(want)) throw new Error(`PUT /tarefas/${id}: ${canonical(r)}, expected ${canonical(want)}`);
          const done = res as Json;
          if (r.concluida !== (typeof done.concluidaEm === 'string')) throw new Error(`PUT /tarefas/${id}: concluida ${r.concluida} with concluidaEm ${String(done.concluidaEm)}`);
        },
      };
    }
    case 'trashTarefa': {
      const trashed = sortedIds(model.tarefaTrash);
      const id = resolveTarget(op.target, trashed.length > 0 ? trashed : sortedIds(model.tarefas), () => 900_000_000 + trashed.length * 7 + 13);
      const t = model.tarefaTrash.get(id) ?? model.tarefas.get(id);
      const inTrash = model.tarefaTrash.has(id);
      const touches = [`T${id}`, TRASH_CHANGE, ...(t ? [`P${t.cliente}`] : [])];
      if (op.action === 'purge') {
        return {
          label: `DELETE /lixeira/tarefa/${id}`,
          method: 'DELETE',
          path: `/lixeira/tarefa/${id}`,
          routeKey: 'DELETE /lixeira/{tipo}/{id}',
          headers: {},
          expect: inTrash ? [204] : [404],
          branch: inTrash ? 'tarefa: purged' : 'tarefa: purge 404',
          touches,
          apply: (status, _res, m) => {
            if (status === 204) m.tarefaTrash.delete(id);
          },
        };
      }
      return {
        label: `POST /lixeira/tarefa/${id}/restaurar`,
        method: 'POST',
        path: `/lixeira/tarefa/${id}/restaurar`,
        routeKey: 'POST /lixeira/{tipo}/{id}/restaurar',
        headers: {},
        expect: inTrash ? [200] : [404],
        branch: inTrash ? 'tarefa: restored' : 'tarefa: restore 404',
        touches,
        apply: (status, res, m) => {
          if (status === 200) m.applyTarefaRestored((res as { registro: Json }).registro);
        },
        check: (res) => {
          const r = toModelTarefa((res as { registro: Json }).registro);
          if (canonical(r) !== canonical({ ...t!, versao: t!.versao + 1 })) throw new Error(`restore tarefa ${id}: ${canonical(r)}, was ${canonical(t)}`);
        },
      };
    }
    case 'exactSize': {
      // A body of exactly the limit (an ignored pad field): accepted.
      const base = JSON.stringify({ ...op.body, pad: '' });
      const raw = JSON.stringify({ ...op.body, pad: 'x'.repeat(LIMITS.bodyBytes - Buffer.byteLength(base)) });
      const parsed = parseCategoriaInput(op.body);
      const name = parsed.ok ? parsed.value.descricao : '';
      return {
        label: `POST /categorias with a body of exactly ${LIMITS.bodyBytes} bytes`,
        method: 'POST',
        path: '/categorias',
        routeKey: 'POST /categorias',
        body: raw,
        headers: {},
        expect: model.nameHolder(name) ? [409] : [201],
        touches: [`N${foldName(name)}`],
        apply: (status, res, m) => {
          if (status === 201) m.applyCreated('categoria', res as Json);
        },
      };
    }
  }
}

/** What any request may get when another request of its group touched the same records. */
export const RACE_STATUSES = [200, 201, 204, 400, 404, 409, 422];
