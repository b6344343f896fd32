/** Ids from the atomic counters of the SEQUENCIA item: unique under concurrency; gaps are fine. */
import { defaultDb, type Database } from './client.ts';
import { COUNTER_ATTRIBUTE, SEQUENCIA_KEY, type Counter } from './items.ts';
import { updateReturningNew } from './write.ts';

/** Reserves `n` consecutive ids of an entity; returns the first one (0 when n is 0). */
export async function reserveIds(counter: Counter, n: number, db: Database = defaultDb()): Promise<number> {
  if (n === 0) return 0;
  const attribute = COUNTER_ATTRIBUTE[counter];
  const updated = await updateReturningNew(SEQUENCIA_KEY, { add: { [attribute]: n } }, db);
  return Number(updated[attribute]) - n + 1;
}

/** The next id of an entity. */
export const nextId = (counter: Counter): Promise<number> => reserveIds(counter, 1);
