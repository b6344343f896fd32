/**
 * The review of a client import's rows, before anything is sent: which rows are valid, which are
 * not (with the server's own message for a CNPJ/CPF in use), which repeat a client's name, and
 * which categories they name that do not exist yet. Pure: the page computes it from what it read.
 */
import { MESSAGES, foldName, formatDocumento, type Categoria, type Cliente } from '@contract';
import type { RowCheck } from '../../lib/csv/rows.ts';

export interface ImportReview {
  /** The categories stored now, by folded name. */
  existing: Map<string, number>;
  valid: RowCheck[];
  invalid: RowCheck[];
  /** Valid rows whose name a client has already (or an earlier row): skipped when 'Pular duplicados' is on. */
  duplicates: RowCheck[];
  /** The categories the rows name that do not exist yet, as first written. */
  novas: string[];
}

/** Reviews `checks` against the stored categories and clients. */
export function reviewRows(checks: readonly RowCheck[], categorias: readonly Categoria[], clientes: readonly Cliente[]): ImportReview {
  const existing = new Map(categorias.map((c) => [foldName(c.descricao), c.id]));
  const names = new Set(clientes.map((c) => foldName(c.nome)));
  // A CNPJ/CPF is unique: the server refuses a row whose document is stored (or came earlier
  // in the file), so the preview counts it as invalid with the server's own message.
  const documentos = new Map<string, string>();
  for (const c of clientes) if (c.documento) documentos.set(c.documento, c.nome);
  const valid: RowCheck[] = [];
  const invalid: RowCheck[] = [];
  const duplicates: RowCheck[] = [];
  const novas = new Map<string, string>();
  const seen = new Set<string>();
  for (const check of checks) {
    if (!check.row) {
      invalid.push(check);
      continue;
    }
    const documento = check.row.documento;
    const holder = documento ? documentos.get(documento) : undefined;
    if (documento && holder !== undefined) {
      invalid.push({ linha: check.linha, cells: check.cells, problems: [MESSAGES.documentoDuplicado(formatDocumento(documento), holder)] });
      continue;
    }
    if (documento) documentos.set(documento, check.row.nome);
    const folded = foldName(check.row.nome);
    if (names.has(folded)) duplicates.push(check);
    names.add(folded);
    valid.push(check);
    const cat = check.row.categoria;
    if (!cat || seen.has(cat)) continue;
    // Each category written once folded: a file names a few categories on thousands of rows.
    seen.add(cat);
    const key = foldName(cat);
    if (!existing.has(key) && !novas.has(key)) novas.set(key, cat);
  }
  return { existing, valid, invalid, duplicates, novas: [...novas.values()] };
}

/** The rows a run sends: the valid ones, less the duplicates when they are skipped. */
export function rowsToSend(review: ImportReview, pularDuplicados: boolean): RowCheck[] {
  const skip = new Set(pularDuplicados ? review.duplicates : []);
  return review.valid.filter((c) => !skip.has(c));
}
