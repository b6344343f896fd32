import type { Context } from 'aws-lambda';
import { logJob } from '../../http/log.ts';
import { sweepLixeira } from '../../services/lixeira.ts';

/** Kept back from the function's time: the entry in progress finishes, no new one starts. */
const MARGIN_MS = 30_000;
/** The budget when no Lambda context says (a direct call). */
const DEFAULT_BUDGET_MS = 60_000;

/**
 * The trash's sweep (routes.ts `jobs`: hourly, not a route): erases the history, feed items,
 * copy and index entry of every expired trash entry, and finishes purges that failed half-way.
 * What the time does not allow is left to the next run.
 */
export async function handler(_event?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const started = Date.now();
  const deadline = started + (context ? context.getRemainingTimeInMillis() : DEFAULT_BUDGET_MS) - MARGIN_MS;
  const result = await sweepLixeira(started, () => Date.now() < deadline);
  logJob({ job: 'SweepLixeira', ...result, durationMs: Date.now() - started });
  return result;
}
