/**
 * A record's uniqueness claims, from ONE function per kind: a create takes them, a delete frees
 * them (the trash holds no claim), a restore takes them again, each in the same write as the
 * record. Categories: the folded name; clients: the documento (both in store/names.ts).
 */
import { claimDocumento, claimName, documentoClaimKey, nameClaimKey, readDocumentoHolder, readNameHolders, releaseDocumento, releaseName } from './names.ts';
import type { CategoriaRecord, ClienteRecord } from './items.ts';
import type { NameOutcome } from './names.ts';
import type { WriteOp, WriteOutcome } from './write.ts';

/** One uniqueness claim of a record. */
export interface UniqueClaim {
  /** The wire field it keeps unique (a 409's `campo`): `descricao`, `documento`. */
  readonly campo: string;
  /** The claim item's key. */
  readonly key: { pk: string; sk: number };
  /** The ids holding it now (none: free). */
  holders(): Promise<number[]>;
  /** Takes it for the record; held by another → `nameTaken` naming the holders and this `campo`. */
  take(): WriteOp<NameOutcome>;
  /** Frees the record's hold, given the holders read; undefined when it holds nothing there. */
  release(holders: readonly number[]): WriteOp<WriteOutcome> | undefined;
}

/** A category's claims: its name. */
function categoriaClaims(c: Pick<CategoriaRecord, 'id' | 'descricao'>): UniqueClaim[] {
  return [
    {
      campo: 'descricao',
      key: nameClaimKey(c.descricao),
      holders: () => readNameHolders(c.descricao),
      take: () => claimName(c.descricao, [c.id]),
      release: (holders) => releaseName(c.descricao, c.id, holders),
    },
  ];
}

/** A client's claims: its documento (CPF/CNPJ), when it has one. */
function clienteClaims(c: ClienteRecord): UniqueClaim[] {
  const { documento } = c;
  if (documento === undefined) return [];
  return [
    {
      campo: 'documento',
      key: documentoClaimKey(documento),
      holders: async () => {
        const holder = await readDocumentoHolder(documento);
        return holder === undefined ? [] : [holder];
      },
      take: () => claimDocumento(documento, c.id),
      release: (holders) => (holders.includes(c.id) ? releaseDocumento(documento, c.id) : undefined),
    },
  ];
}

/** The uniqueness claims a record holds while it is live. */
export function uniqueClaimsOf(kind: 'categoria', record: Pick<CategoriaRecord, 'id' | 'descricao'>): UniqueClaim[];
export function uniqueClaimsOf(kind: 'cliente', record: ClienteRecord): UniqueClaim[];
export function uniqueClaimsOf(kind: 'categoria' | 'cliente', record: unknown): UniqueClaim[] {
  return kind === 'categoria' ? categoriaClaims(record as CategoriaRecord) : clienteClaims(record as ClienteRecord);
}

/** Reads the holders of each claim, then the ops that free the record's holds (for a delete). */
export async function releaseClaims(claims: readonly UniqueClaim[]): Promise<WriteOp<WriteOutcome>[]> {
  const holders = await Promise.all(claims.map((c) => c.holders()));
  return claims.map((c, i) => c.release(holders[i]!)).filter((op): op is WriteOp<WriteOutcome> => op !== undefined);
}
