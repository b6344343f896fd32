/**
 * How an import's rows are cut into batches: at most LIMITS.importacao.linhasPorLote rows, and a
 * body that stays under the batch route's own limit (rows of long notes in accents or emoji
 * weigh up to ~10 KB each: 200 of them would be refused with 413). Pure: the same rows from the
 * same start make the same batch, so a batch sent again keeps its Idempotency-Key.
 */
import { LIMITS } from '@contract';

/** Room kept in a body for what surrounds the rows (`{"linhas":[…],"fim":true}`). */
const BODY_ROOM = 1024;

const encoder = /* @__PURE__ */ new TextEncoder();

/** The UTF-8 bytes of a row in the batch's JSON body, with its comma. */
export const rowBytes = (row: unknown): number => encoder.encode(JSON.stringify(row)).length + 1;

/** The end (exclusive) of the batch that starts at `start`: whole rows within both limits (at least one). */
export function batchEnd(rows: readonly unknown[], start: number, maxRows: number = LIMITS.importacao.linhasPorLote, maxBytes: number = LIMITS.importacao.bodyBytes - BODY_ROOM): number {
  let end = start;
  let bytes = 0;
  while (end < rows.length && end - start < maxRows) {
    const size = rowBytes(rows[end]);
    if (end > start && bytes + size > maxBytes) break;
    bytes += size;
    end++;
  }
  return end;
}
