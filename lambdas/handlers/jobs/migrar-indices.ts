import type { Context } from 'aws-lambda';
import { logJob } from '../../http/log.ts';
import { migrateListIndex } from '../../services/listagem.ts';

/** Kept back from the function's time: the page in progress finishes, no new one starts. */
const MARGIN_MS = 60_000;
/** The budget when no Lambda context says (a direct call). */
const DEFAULT_BUDGET_MS = 120_000;

/**
 * The list index migration (routes.ts `jobs`: every 10 minutes, not a route): indexes the clients
 * stored before the index, from where the last run stopped; once it is done, a run is one read.
 */
export async function handler(_event?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const started = Date.now();
  const deadline = started + (context ? context.getRemainingTimeInMillis() : DEFAULT_BUDGET_MS) - MARGIN_MS;
  const result = await migrateListIndex(() => Date.now() < deadline);
  logJob({ job: 'MigrarIndices', ...result, durationMs: Date.now() - started });
  return result;
}
