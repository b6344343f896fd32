/**
 * The migrations of stored records, run by the local runtime at every start (a `.data` table from
 * before them) and by `npm run migrate` against any table: each is resumable and idempotent, and
 * prints its progress (done, rate, time left). A migration already done costs one read.
 */
import type { Database } from '../lambdas/store/client.ts';
import { migrateIndexes, type MigrationProgress } from '../lambdas/store/migracao.ts';
import { progressLine } from './progress.ts';

/** Runs the list index migration on `db`, logging progress at most every `everyMs`. */
export async function runMigrations(db: Database, log: (line: string) => void, everyMs = 2_000): Promise<MigrationProgress> {
  const started = Date.now();
  let lastLog = 0;
  return migrateIndexes(db, (p) => {
    if (p.concluida) {
      if (p.feitos > 0 && lastLog > 0) log(`List index: ${p.feitos.toLocaleString('en-US')} clients indexed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return;
    }
    if (Date.now() - lastLog < everyMs) return;
    if (lastLog === 0) log(`Indexing the clients stored before the list index (once; resumable):`);
    lastLog = Date.now();
    log(`  ${progressLine(p, started)}`);
  });
}
