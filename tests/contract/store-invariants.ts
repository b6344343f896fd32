/**
 * Reads a whole test table and checks the data invariants the API promises: each category's
 * client count equals its real number of clients, no client references a missing category,
 * ids unique and below the counters, idempotency claims only beside their record, each category
 * name held by exactly its claim (once the stored names are claimed), the totals (client count,
 * VIPs, contract sum in cents: of each category and of "Sem categoria") equal a full recount once
 * they exist, no stray item.
 */
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { foldName } from '../../lambdas/contract/text.ts';
import { isVipValue } from '../../lambdas/contract/limits.ts';
import { toCents } from '../../lambdas/store/aggregates.ts';
import {
  CENTS_SUM,
  CLIENT_COUNT,
  COUNTER_ATTRIBUTE,
  SEM_CATEGORIA_KEY,
  toClienteRecord,
  VIP_COUNT,
  type ClienteRecord,
} from '../../lambdas/store/items.ts';
import { NAME_CLAIMS_MARKER } from '../../lambdas/store/names.ts';
import { PK, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';

export interface StoredCategoria {
  id: number;
  descricao: string;
  /** The stored client count. */
  clientes: number;
  /** The stored VIP count and contract sum in cents (undefined: not counted yet). */
  vips?: number;
  soma?: bigint;
  versao: number;
}

/** Stored totals of a group of clients (the sum in cents, exact). */
export interface StoredTotais {
  clientes: number;
  vips: number;
  soma: bigint;
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
  /** The "Sem categoria" totals item (also the marker that every category has its totals). */
  semCategoria?: StoredTotais;
  /** Items whose pk is none of the known partitions. */
  stray: Record<string, unknown>[];
  /** Attributes no item of that kind should have (e.g. an unknown request field stored). */
  unknownAttributes: string[];
}

/** The attributes each kind of item may have: anything else was stored by mistake. */
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  [PK.categoria]: ['pk', 'sk', 'descricao', CLIENT_COUNT, VIP_COUNT, CENTS_SUM, 'versao'],
  [PK.cliente]: ['pk', 'sk', 'nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoriaId', 'versao'],
  [PK.sequencia]: ['pk', 'sk', ...Object.values(COUNTER_ATTRIBUTE)],
  [PK.idempotencia]: ['pk', 'sk', 'bodyHash', 'responseStatus', 'responseBody', TTL_ATTRIBUTE],
  [PK.unico]: ['pk', 'sk', 'ids', 'at'],
  [PK.atividade]: ['pk', 'sk', 'tipo', 'id', 'nome', 'acao', 'em', 'por', 'alteracoes', TTL_ATTRIBUTE],
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
      if (pk === PK.categoria && sk === SEM_CATEGORIA_KEY.sk) {
        s.semCategoria = { clientes: Number(item[CLIENT_COUNT]), vips: Number(item[VIP_COUNT]), soma: BigInt(item[CENTS_SUM]) };
      } else if (pk === PK.categoria) {
        s.categorias.set(sk, {
          id: sk,
          descricao: item.descricao,
          clientes: Number(item[CLIENT_COUNT] ?? 0),
          ...(item[VIP_COUNT] !== undefined ? { vips: Number(item[VIP_COUNT]) } : {}),
          ...(item[CENTS_SUM] !== undefined ? { soma: BigInt(item[CENTS_SUM]) } : {}),
          versao: Number(item.versao),
        });
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
      } else if (pk === PK.atividade) {
        // The activity feed: written with history entries, checked by its own tests.
      } else if (pk.startsWith(NAME_PREFIX)) {
        s.names.set(pk.slice(NAME_PREFIX.length), [...((item.ids as Set<number> | undefined) ?? [])].sort((a, b) => a - b));
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
  for (const k of s.idempotency) {
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
  // Totals: once they exist (the Sem categoria item is there), each equals a full recount.
  if (s.semCategoria) {
    const recount = new Map<number, StoredTotais>();
    for (const c of s.clientes.values()) {
      const key = c.categoriaId ?? SEM_CATEGORIA_KEY.sk;
      const t = recount.get(key) ?? { clientes: 0, vips: 0, soma: 0n };
      t.clientes++;
      if (isVipValue(c.valorContrato)) t.vips++;
      t.soma += BigInt(toCents(c.valorContrato));
      recount.set(key, t);
    }
    const none = { clientes: 0, vips: 0, soma: 0n };
    const show = (t: StoredTotais) => `${t.clientes} clientes, ${t.vips} vips, soma ${t.soma}`;
    const same = (a: StoredTotais, b: StoredTotais) => a.clientes === b.clientes && a.vips === b.vips && a.soma === b.soma;
    const sem = recount.get(SEM_CATEGORIA_KEY.sk) ?? none;
    if (!same(s.semCategoria, sem)) out.push(`totals drift: Sem categoria stores ${show(s.semCategoria)}, has ${show(sem)}`);
    for (const c of s.categorias.values()) {
      const real = recount.get(c.id) ?? none;
      // The client count has its own check (count drift) above.
      const stored = { clientes: real.clientes, vips: c.vips ?? -1, soma: c.soma ?? -1n };
      if (!same(stored, real)) out.push(`totals drift: categoria ${c.id} stores ${show(stored)}, has ${show(real)}`);
    }
  }
  for (const item of s.stray) out.push(`stray item ${JSON.stringify(item).slice(0, 200)}`);
  for (const a of s.unknownAttributes) out.push(`unknown attribute stored: ${a}`);
  return out;
}
