/**
 * Uniqueness claims: category names, and clients' documentos (CPF/CNPJ, at the end).
 *
 * Category names are unique once folded (case, accents, repeated spaces: contract/text.ts). Each
 * folded name in use has a claim item, `UNICO#categoria#<folded>`, holding the ids of the
 * categories with that name: one for every category written since claims exist; possibly
 * several for duplicates stored before them, which stay but can't be re-created. A claim is
 * taken, left and freed in the same write as the category change, so the rule holds under any
 * interleaving.
 *
 * Tables from before claims: the first category write runs `ensureNameClaims`, which claims the
 * stored names (each claim conditioned on its categories being unchanged since read, so a racing
 * rename or delete makes it read again) and then writes a marker. Every category write waits for
 * the marker, so from then on a category's membership can only change through its own writes.
 *
 * The fold grew (look-alikes: invisible characters, Cyrillic and Greek twins). Claims made under
 * the first fold (marker `sk` 0) are taken over the same way under a new marker (`sk` 1): the
 * stored names are claimed under the new fold, a claim that exists already gains the stored
 * categories it lacks (`Ata\u200bcado` joins `Atacado`: duplicates from before the rule, which
 * stay), and a first-fold claim no new fold can produce is deleted. Until then no category write
 * runs, so none ever fails or retries because of the new fold.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { firstFoldName, foldName } from '../contract/text.ts';
import { tableName, type Database } from './client.ts';
import { categoriaKey, FIRST_CATEGORIA_SK, type Stored } from './items.ts';
import { getItem, queryAll } from './reads.ts';
import { PARTITION_KEYS } from './table.ts';
import { allOf, commit, contains, equals, exists, missing, anyOf, sizeIs, type WriteOp, type WriteOutcome } from './write.ts';

/** A unique value is held: a category name by these records (ids, `campo` descricao), a documento (CPF/CNPJ) by this client (id). */
export type NameOutcome = { kind: 'nameTaken'; holders: number[]; campo?: string } | { kind: 'documentoTaken'; holder: number };

const CLAIM_PREFIX = `${PARTITION_KEYS.unico}#categoria`;
/** The marker item: every stored category has its claim under foldName (`sk` 0 marked the first fold's claims). */
export const NAME_CLAIMS_MARKER = { pk: CLAIM_PREFIX, sk: 1 } as const;
/** Categories checked at most per claim (a transaction holds 100 items). */
const MAX_CHECKED = 99;
const PARALLEL_CLAIMS = 8;
const BACKFILL_ATTEMPTS = 5;

/** The key of the claim of a name. */
export const nameClaimKey = (descricao: string) => ({ pk: `${CLAIM_PREFIX}#${foldName(descricao)}`, sk: 0 });

/** The stored form of a claim. */
export const nameClaimItem = (descricao: string, ids: readonly number[]) => ({ ...nameClaimKey(descricao), ids: new Set(ids) });

const holdersOf = (stored: Stored | undefined): number[] =>
  stored && stored.ids ? [...(stored.ids as Iterable<number>)].map(Number).sort((a, b) => a - b) : [];

/** The ids of the categories holding a name (none: it is free). */
export async function readNameHolders(descricao: string): Promise<number[]> {
  return holdersOf(await getItem(nameClaimKey(descricao)));
}

/** Takes a free name for categories `ids` (one, but for pre-claims duplicates); else `nameTaken`. */
export function claimName(descricao: string, ids: readonly number[]): WriteOp<NameOutcome> {
  return {
    name: 'name.claim',
    put: nameClaimItem(descricao, ids),
    condition: missing('pk'),
    onFailed: (old) => ({ kind: 'nameTaken', holders: holdersOf(old), campo: 'descricao' }),
  };
}

/**
 * Category `id` leaves the name it holds, given the holders read: the claim is deleted when it
 * is the last one, else it drops out of the set; conditioned on the holders being as read
 * (`changed` otherwise). Nothing when it does not hold the name (a pre-claims duplicate).
 */
export function releaseName(descricao: string, id: number, holders: readonly number[]): WriteOp<WriteOutcome> | undefined {
  if (!holders.includes(id)) return undefined;
  const key = nameClaimKey(descricao);
  const condition = allOf(contains('ids', id), sizeIs('ids', holders.length));
  const onFailed = () => ({ kind: 'changed' }) as const;
  if (holders.length === 1) return { name: 'name.release', key, delete: true, condition, onFailed };
  return { name: 'name.leave', key, update: { deleteFromSet: { ids: new Set([id]) } }, condition, onFailed };
}

/** Tables whose marker this instance has seen (it never goes away). */
const ready = new Set<string>();

/**
 * Makes sure every stored category has its name claimed (once per table; afterwards one read per
 * instance, then nothing). Idempotent and safe to run from several instances at once.
 */
export async function ensureNameClaims(): Promise<void> {
  const table = tableName();
  if (ready.has(table)) return;
  if (await getItem(NAME_CLAIMS_MARKER)) {
    ready.add(table);
    return;
  }
  for (let attempt = 1; attempt <= BACKFILL_ATTEMPTS; attempt++) {
    if (await claimStoredNames()) {
      const marker = { ...NAME_CLAIMS_MARKER, at: new Date().toISOString() };
      await commit([{ name: 'name.marker', put: marker }]);
      ready.add(table);
      return;
    }
  }
  throw new Error('Claiming the stored category names kept racing category writes');
}

/** One pass over the stored categories; false when one changed meanwhile (run it again). */
async function claimStoredNames(): Promise<boolean> {
  const byName = new Map<string, Stored[]>();
  for (const c of await queryAll(PARTITION_KEYS.categoria, 'sk, descricao, versao', undefined, FIRST_CATEGORIA_SK)) {
    const key = foldName(String(c.descricao));
    byName.set(key, [...(byName.get(key) ?? []), c]);
  }
  const groups = [...byName.values()];
  let unchanged = true;
  const worker = async () => {
    for (let group = groups.pop(); group; group = groups.pop()) {
      const ids = group.map((c) => Number(c.sk));
      const checks = group.slice(0, MAX_CHECKED).map((c) => unchangedCategoria(Number(c.sk), Number(c.versao)));
      const written = await commit([...checks, claimName(String(group[0]!.descricao), ids)]);
      if (!written.ok && written.outcome.kind === 'nameTaken') {
        // Taken already: under the first fold by some of these, by another pass, or by a write
        // since. The stored categories it lacks join it (a write since holds it with its own id).
        const holders = 'holders' in written.outcome ? (written.outcome.holders as number[]) : [];
        const missing = ids.filter((id) => !holders.includes(id));
        if (missing.length > 0) {
          const joined = await commit([...checks, joinName(String(group[0]!.descricao), missing)]);
          if (!joined.ok) unchanged = false;
        }
      } else if (!written.ok) {
        // A member changed, or contention outlived the retries: the pass must run again before
        // the marker says every name is claimed.
        unchanged = false;
      }
      // First-fold claims this fold no longer makes: nothing could match them any more.
      const stale = new Map(group.map((c) => String(c.descricao)).filter((d) => firstFoldName(d) !== foldName(d)).map((d) => [firstFoldName(d), d]));
      for (const descricao of stale.values()) {
        const dropped = await commit([dropFirstFoldClaim(descricao)]);
        if (!dropped.ok) unchanged = false;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CLAIMS }, worker));
  return unchanged;
}

/**
 * Stored categories `ids` join a claim that exists (taken by a write, or by another pass, before
 * the stored names were claimed under this fold); nothing when it is gone meanwhile.
 */
function joinName(descricao: string, ids: readonly number[]): WriteOp<WriteOutcome> {
  return { name: 'name.join', key: nameClaimKey(descricao), update: { add: { ids: new Set(ids) } }, condition: exists('pk'), onFailed: () => ({ kind: 'changed' }) };
}

/** A claim made under the first fold that foldName no longer makes (it can't match a new name: nothing holds it). */
function dropFirstFoldClaim(descricao: string): WriteOp<WriteOutcome> {
  return { name: 'name.firstFold', key: { pk: `${CLAIM_PREFIX}#${firstFoldName(descricao)}`, sk: 0 }, delete: true, onFailed: () => ({ kind: 'changed' }) };
}

/** Holds only while the category is as read. */
function unchangedCategoria(id: number, versao: number): WriteOp<WriteOutcome> {
  return { name: 'categoria.unchanged', key: categoriaKey(id), check: true, condition: equals('versao', versao), onFailed: () => ({ kind: 'changed' }) };
}

/** The folded names of every stored category (tools that write categories in bulk keep them unique). */
export async function foldedNamesInUse(db: Database): Promise<Set<string>> {
  return new Set((await queryAll(PARTITION_KEYS.categoria, 'descricao', db, FIRST_CATEGORIA_SK)).map((c) => foldName(String(c.descricao))));
}

// ---- Documentos ---------------------------------------------------------------------------------
// A client's documento (CPF or CNPJ, as stored) is unique among live clients: the claim item
// `UNICO#documento#<documento>` holds the id of the client that has it. It is taken, freed and
// moved in the same write as the client (create, an update that changes it, delete; a restore
// takes it again; store/claims.ts says a client holds it), so two clients can never hold one documento whatever the interleaving. No
// backfill: no client had a documento before claims existed.

const DOCUMENTO_PREFIX = `${PARTITION_KEYS.unico}#documento`;

/** The key of the claim of a documento (as stored: no punctuation, upper case). */
export const documentoClaimKey = (documento: string) => ({ pk: `${DOCUMENTO_PREFIX}#${documento}`, sk: 0 });

/** The stored form of a documento's claim by client `id`. */
export const documentoClaimItem = (documento: string, id: number) => ({ ...documentoClaimKey(documento), id });

/** The id of the client holding a documento (undefined: free). */
export async function readDocumentoHolder(documento: string): Promise<number | undefined> {
  const stored = await getItem(documentoClaimKey(documento));
  return stored ? Number(stored.id) : undefined;
}

/** Client `id` takes a free documento; a taken one fails with `documentoTaken` naming its holder. */
export function claimDocumento(documento: string, id: number): WriteOp<NameOutcome> {
  return {
    name: 'documento.claim',
    put: documentoClaimItem(documento, id),
    condition: missing('pk'),
    onFailed: (old) => ({ kind: 'documentoTaken', holder: Number(old?.id) }),
  };
}

/**
 * Client `id` lets its documento go. Conditioned on the claim being its own (or already gone):
 * anything else means the data changed since it was read (`changed`: read again).
 */
export function releaseDocumento(documento: string, id: number): WriteOp<WriteOutcome> {
  return {
    name: 'documento.release',
    key: documentoClaimKey(documento),
    delete: true,
    condition: anyOf(missing('pk'), equals('id', id)),
    onFailed: () => ({ kind: 'changed' }),
  };
}

/**
 * Of `documentos`, those some client has claimed, with the id of the client holding each: their
 * claim items, by BatchGetItem 100 keys at a time (never a read of the clients).
 */
export async function documentoHolders(db: Database, documentos: readonly string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  const distinct = [...new Set(documentos)];
  for (let i = 0; i < distinct.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = distinct.slice(i, i + 100).map(documentoClaimKey);
    for (let round = 0; keys && keys.length > 0; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** round)));
      const out = await db.doc.send(new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: keys, ProjectionExpression: 'pk, id' } } }));
      for (const item of out.Responses?.[db.tableName] ?? []) held.set(String(item.pk).slice(DOCUMENTO_PREFIX.length + 1), Number(item.id));
      keys = out.UnprocessedKeys?.[db.tableName]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return held;
}

/**
 * Of `documentos`, those some record has claimed (tools that write clients in bulk skip them, so
 * a seed never takes a documento a client already has).
 */
export async function documentosClaimed(db: Database, documentos: readonly string[]): Promise<Set<string>> {
  return new Set((await documentoHolders(db, documentos)).keys());
}
