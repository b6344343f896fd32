/**
 * A person's reminder settings, and the calendar feeds' secrets. Per person one item
 * `USUARIO#<e-mail>` / 0: the SHA-256 of their live feed secret (`calendarioHash`, with
 * `calendarioDesde`), the morning e-mail turned off (`emailDiario: false`; absent means on) and
 * the day the last morning e-mail went out (`emailDiarioEm`, the company's date). Per live secret
 * one item `CALENDARIO#<hash>` / 0 naming the person, so the public feed finds its owner with one
 * GetItem. Both change in one write: a revoked or replaced secret stops at once.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { defaultDb } from './client.ts';
import type { Stored } from './items.ts';
import { PARTITION_KEYS } from './table.ts';
import { allOf, commit, compare, equals, missing, anyOf, type WriteOp } from './write.ts';

export const usuarioKey = (email: string) => ({ pk: `${PARTITION_KEYS.usuario}#${email}`, sk: 0 });
export const calendarioKey = (hash: string) => ({ pk: `${PARTITION_KEYS.calendario}#${hash}`, sk: 0 });

/** What the store keeps of a person's reminders. */
export interface Preferencias {
  calendarioHash?: string;
  calendarioDesde?: string;
  /** False when the person turned the morning e-mail off. */
  emailDiario: boolean;
  /** The company's date (`YYYY-MM-DD`) of the last morning e-mail sent. */
  emailDiarioEm?: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function toPreferencias(item: Stored | undefined): Preferencias {
  return {
    calendarioHash: text(item?.calendarioHash),
    calendarioDesde: text(item?.calendarioDesde),
    emailDiario: item?.emailDiario !== false,
    emailDiarioEm: text(item?.emailDiarioEm),
  };
}

/** A person's reminders (strongly consistent: a change shows at once); defaults when none stored. */
export async function readPreferencias(email: string): Promise<Preferencias> {
  const { doc, tableName } = defaultDb();
  const out = await doc.send(new GetCommand({ TableName: tableName, Key: usuarioKey(email), ConsistentRead: true }));
  return toPreferencias(out.Item);
}

/** The person a feed secret's hash names, or undefined (never made, revoked or replaced). */
export async function ownerOfCalendario(hash: string): Promise<string | undefined> {
  const { doc, tableName } = defaultDb();
  const out = await doc.send(new GetCommand({ TableName: tableName, Key: calendarioKey(hash), ConsistentRead: true, ProjectionExpression: 'email' }));
  return text(out.Item?.email);
}

/** Turns the morning e-mail on or off (the item is made on first use). */
export async function setEmailDiario(email: string, ativo: boolean): Promise<void> {
  // `true` is stored as absent: the default, so the item says only what the person changed.
  const op: WriteOp = ativo
    ? { name: 'usuario.emailDiario', key: usuarioKey(email), update: { remove: ['emailDiario'] } }
    : { name: 'usuario.emailDiario', key: usuarioKey(email), update: { set: { emailDiario: false } } };
  const written = await commit([op]);
  if (!written.ok) throw new Error(`setEmailDiario: ${written.outcome.kind}`);
}

/** Someone else changed the same person's feed between the read and the write: read again. */
type Changed = { kind: 'changed' };
const changed = (): Changed => ({ kind: 'changed' });

/** The person's item holds `hash` as its live secret (or none, for `undefined`). */
const holds = (hash: string | undefined) => (hash === undefined ? missing('calendarioHash') : equals('calendarioHash', hash));

/**
 * Makes `hash` the person's live feed secret, replacing `previous` (what was read) in the same
 * write: the old URL stops the moment the new one exists. `{ok: false}` when another request
 * changed it meanwhile.
 */
export async function replaceCalendario(email: string, hash: string, desde: string, previous: string | undefined): Promise<boolean> {
  const written = await commit([
    { name: 'usuario.calendario', key: usuarioKey(email), update: { set: { calendarioHash: hash, calendarioDesde: desde } }, condition: holds(previous), onFailed: changed },
    { name: 'calendario.put', put: { ...calendarioKey(hash), email }, condition: missing('pk'), onFailed: changed },
    previous !== undefined && { name: 'calendario.delete', key: calendarioKey(previous), delete: true as const },
  ]);
  return written.ok;
}

/** Revokes the person's live feed secret `hash` (what was read); false when it changed meanwhile. */
export async function revokeCalendario(email: string, hash: string): Promise<boolean> {
  const written = await commit([
    { name: 'usuario.calendario', key: usuarioKey(email), update: { remove: ['calendarioHash', 'calendarioDesde'] }, condition: holds(hash), onFailed: changed },
    { name: 'calendario.delete', key: calendarioKey(hash), delete: true as const },
  ]);
  return written.ok;
}

/**
 * Claims the morning e-mail of `day` for the person: true for the one run that may send it (a
 * repeated or overlapping run gets false), so nobody gets it twice a day.
 */
export async function claimEmailDiario(email: string, day: string): Promise<boolean> {
  const written = await commit([
    {
      name: 'usuario.emailDiarioEm',
      key: usuarioKey(email),
      update: { set: { emailDiarioEm: day } },
      condition: anyOf(missing('emailDiarioEm'), compare('emailDiarioEm', '<', day)),
      onFailed: changed,
    },
  ]);
  return written.ok;
}

/** Gives back a claim whose e-mail could not be sent, so a later run of the same day tries again. */
export async function releaseEmailDiario(email: string, day: string): Promise<void> {
  await commit([
    { name: 'usuario.emailDiarioEm', key: usuarioKey(email), update: { remove: ['emailDiarioEm'] }, condition: allOf(equals('emailDiarioEm', day)), onFailed: changed },
  ]);
}
