/**
 * Reads a whole test table and checks the data invariants the API promises: each category's
 * client count equals its real number of clients, no client references a missing category,
 * ids unique and below the counters, idempotency claims only beside their record, each category
 * name held by exactly its claim (once the stored names are claimed), no stray item.
 */
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { foldName } from '../../lambdas/contract/text.ts';
import { CLIENT_COUNT, COUNTER_ATTRIBUTE, toClienteRecord, type ClienteRecord } from '../../lambdas/store/items.ts';
import { NAME_CLAIMS_MARKER } from '../../lambdas/store/names.ts';
import { PK, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';

export interface StoredCategoria {
  id: number;
  descricao: string;
  /** The stored client count. */
  clientes: number;
  versao: number;
}

/** A stored client, as code handles it. */
export type StoredCliente = ClienteRecord;

export interface StoredIdempotency {
  pk: string;
  responseStatus: number;
  responseBody: string;
  expiresAt: number;
}

export interface Snapshot {
  categorias: Map<number, StoredCategoria>;
  clientes: Map<number, StoredCliente>;
  idempotency: StoredIdempotency[];
  counters: { categoria: number; cliente: number };
  /** Name claims: folded name → the ids holding it. */
  names: Map<string, number[]>;
  /** Whether the marker says every stored category has its claim. */
  namesClaimed: boolean;
  /** Issue 18: import jobs (id → records created) and the records each still lists (id → client ids). */
  importacoes?: Map<number, { criados: number; estado: string }>;
  importados?: Map<number, number[]>;
  /** Items whose pk is none of the known partitions. */
  stray: Record<string, unknown>[];
  /** Attributes no item of that kind should have (e.g. an unknown request field stored). */
  unknownAttributes: string[];
}

/** The attributes each kind of item may have: anything else was stored by mistake. */
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  [PK.categoria]: ['pk', 'sk', 'descricao', CLIENT_COUNT, 'versao'],
  [PK.cliente]: ['pk', 'sk', 'nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoriaId', 'versao'],
  [PK.sequencia]: ['pk', 'sk', ...Object.values(COUNTER_ATTRIBUTE)],
  [PK.idempotencia]: ['pk', 'sk', 'bodyHash', 'responseStatus', 'responseBody', TTL_ATTRIBUTE],
  [PK.unico]: ['pk', 'sk', 'ids', 'at'],
  // Issue 18: the import job, and (`IMPORTACAO#<id>`) the records it created.
  [PK.importacao]: ['pk', 'sk', 'autor', 'autorSub', 'criadoEm', 'estado', 'total', 'criados', 'arquivo', 'linha'],
};
const NAME_PREFIX = `${NAME_CLAIMS_MARKER.pk}#`;

/** Every item of the table (a consistent Scan, every page): test tables are small. */
export async function snapshot(doc: DynamoDBDocumentClient, tableName: string): Promise<Snapshot> {
  const s: Snapshot = {
    categorias: new Map(),
    clientes: new Map(),
    idempotency: [],
    counters: { categoria: 0, cliente: 0 },
    names: new Map(),
    namesClaimed: false,
    importacoes: new Map(),
    importados: new Map(),
    stray: [],
    unknownAttributes: [],
  };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const sk = Number(item.sk);
      const allowed = ALLOWED_ATTRIBUTES[pk.split('#')[0]!];
      for (const name of Object.keys(item)) {
        if (allowed && !allowed.includes(name)) s.unknownAttributes.push(`${pk}/${sk}.${name}`);
      }
      if (pk === PK.categoria) {
        s.categorias.set(sk, { id: sk, descricao: item.descricao, clientes: Number(item[CLIENT_COUNT] ?? 0), versao: Number(item.versao) });
      } else if (pk === PK.cliente) {
        s.clientes.set(sk, toClienteRecord(item));
      } else if (pk === PK.sequencia) {
        s.counters = {
          categoria: Number(item[COUNTER_ATTRIBUTE.categoria] ?? 0),
          cliente: Number(item[COUNTER_ATTRIBUTE.cliente] ?? 0),
        };
      } else if (pk.startsWith(`${PK.idempotencia}#`)) {
        s.idempotency.push({
          pk,
          responseStatus: Number(item.responseStatus),
          responseBody: String(item.responseBody),
          expiresAt: Number(item[TTL_ATTRIBUTE]),
        });
      } else if (pk === NAME_CLAIMS_MARKER.pk) {
        s.namesClaimed = true;
      } else if (pk.startsWith(NAME_PREFIX)) {
        s.names.set(pk.slice(NAME_PREFIX.length), [...((item.ids as Set<number> | undefined) ?? [])].sort((a, b) => a - b));
      } else if (pk === PK.importacao) {
        s.importacoes!.set(sk, { criados: Number(item.criados), estado: String(item.estado) });
      } else if (pk.startsWith(`${PK.importacao}#`) && pk.endsWith('#categoria')) {
        // A category an import created: listed for its undo (a normal delete may remove it first).
      } else if (pk.startsWith(`${PK.importacao}#`)) {
        const id = Number(pk.slice(PK.importacao.length + 1));
        s.importados!.set(id, [...(s.importados!.get(id) ?? []), sk]);
      } else {
        s.stray.push(item);
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return s;
}

/** The violated invariants of a snapshot ([] when all hold). */
export function invariantViolations(s: Snapshot): string[] {
  const out: string[] = [];
  const real = new Map<number, number>();
  for (const p of s.clientes.values()) {
    if (p.categoriaId !== null) {
      real.set(p.categoriaId, (real.get(p.categoriaId) ?? 0) + 1);
      if (!s.categorias.has(p.categoriaId)) out.push(`orphan: cliente ${p.id} references missing categoria ${p.categoriaId}`);
    }
    if (!(p.id >= 1 && p.id <= s.counters.cliente)) out.push(`cliente id ${p.id} outside 1..${s.counters.cliente}`);
    if (!(p.versao >= 1)) out.push(`cliente ${p.id} versao ${p.versao}`);
  }
  for (const c of s.categorias.values()) {
    const count = real.get(c.id) ?? 0;
    if (c.clientes !== count) out.push(`count drift: categoria ${c.id} stores ${CLIENT_COUNT}=${c.clientes}, has ${count}`);
    if (!(c.id >= 1 && c.id <= s.counters.categoria)) out.push(`categoria id ${c.id} outside 1..${s.counters.categoria}`);
    if (!(c.versao >= 1)) out.push(`categoria ${c.id} versao ${c.versao}`);
  }
  // Issue 18: an import lists at most the records it counted, each an id the counter gave out;
  // a batch's claims hold the ids it created.
  for (const [id, listed] of s.importados ?? []) {
    const job = s.importacoes?.get(id);
    if (!job) out.push(`import ${id} lists records but does not exist`);
    else if (listed.length > job.criados) out.push(`import ${id} lists ${listed.length} records, counted ${job.criados}`);
    for (const c of listed) if (!(c >= 1 && c <= s.counters.cliente)) out.push(`import ${id} lists cliente id ${c} outside 1..${s.counters.cliente}`);
  }
  for (const k of s.idempotency.filter((k) => k.pk.includes('/importacoes/'))) {
    const body = JSON.parse(k.responseBody) as { criados?: { id: number }[] };
    if (k.responseStatus !== 200 || !Array.isArray(body.criados)) out.push(`idempotency ${k.pk} stored ${k.responseStatus} ${k.responseBody.slice(0, 80)}`);
    for (const c of body.criados ?? []) if (!(c.id <= s.counters.cliente)) out.push(`idempotency ${k.pk} holds cliente id ${c.id}`);
  }
  for (const k of s.idempotency.filter((k) => !k.pk.includes('/importacoes'))) {
    // A claim is written with its record: a 201 claim whose record is missing was never created
    // (a later delete of the record is legitimate, so only ids above the counter are wrong).
    const body = JSON.parse(k.responseBody) as { id?: number };
    const kind = k.pk.includes('/categorias') ? 'categoria' : 'cliente';
    if (k.responseStatus !== 201) out.push(`idempotency ${k.pk} stored status ${k.responseStatus}`);
    if (!(typeof body.id === 'number' && body.id <= s.counters[kind])) out.push(`idempotency ${k.pk} holds id ${body.id}`);
    if (!(k.expiresAt > Date.now() / 1000)) out.push(`idempotency ${k.pk} already expired at ${k.expiresAt}`);
  }
  // A name claim holds exactly the categories of that name; once claimed, every category has one.
  const byName = new Map<string, number[]>();
  for (const c of s.categorias.values()) byName.set(foldName(c.descricao), [...(byName.get(foldName(c.descricao)) ?? []), c.id]);
  for (const [name, ids] of s.names) {
    const expected = byName.get(name) ?? [];
    if (ids.length === 0 || ids.some((id) => !expected.includes(id))) out.push(`name claim "${name}" holds [${ids}], categories of that name [${expected}]`);
  }
  if (s.namesClaimed) {
    for (const [name, ids] of byName) {
      const held = s.names.get(name) ?? [];
      if (ids.some((id) => !held.includes(id))) out.push(`name "${name}" of categories [${ids}] is held by [${held}]`);
    }
  }
  for (const item of s.stray) out.push(`stray item ${JSON.stringify(item).slice(0, 200)}`);
  for (const a of s.unknownAttributes) out.push(`unknown attribute stored: ${a}`);
  return out;
}
