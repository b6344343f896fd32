import type { Context } from 'aws-lambda';
import { logJob } from '../../http/log.ts';
import { enviarEmailsDiarios } from '../../services/lembretes.ts';

/** Kept back from the function's time: the person in progress finishes, no new one starts. */
const MARGIN_MS = 30_000;
/** The budget when no Lambda context says (a direct call). */
const DEFAULT_BUDGET_MS = 60_000;

/**
 * The morning e-mail (routes.ts `jobs`: daily at 07:30 in the company's time zone, not a route):
 * each enabled person with overdue or today's pending tarefas gets the list, unless they turned
 * it off. Nothing is sent in the open mode or without a sender (MAIL_FROM, or MAIL_OUTBOX locally).
 */
export async function handler(_event?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const started = Date.now();
  const deadline = started + (context ? context.getRemainingTimeInMillis() : DEFAULT_BUDGET_MS) - MARGIN_MS;
  const result = await enviarEmailsDiarios({ hasTime: () => Date.now() < deadline });
  logJob({ job: 'EmailDiario', ...result, durationMs: Date.now() - started });
  return result;
}
