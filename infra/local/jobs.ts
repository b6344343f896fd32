/**
 * The scheduled functions on a laptop (lambdas/routes.ts `jobs`; EventBridge runs them in the
 * cloud): the process serving the API runs each on a timer, first shortly after it starts (a
 * laptop is off most hours), then every `everyMinutes`. A failed run is logged; the next one
 * does the same work.
 */
import type { Context } from 'aws-lambda';
import { jobs, type JobDef } from '../../lambdas/routes.ts';
import { defaultHandlerLoader, type HandlerLoader } from './adapter.ts';

/** The first run, after start: the app is up first. */
export const FIRST_RUN_MS = 10_000;
/** What a run may take, as the cloud's function timeout (infra/constructs/jobs.ts). */
const RUN_BUDGET_MS = 5 * 60_000;

export interface LocalJobs {
  /** Clears the timers (a run in progress finishes). */
  stop(): void;
}

export interface LocalJobsOptions {
  loadHandler?: HandlerLoader;
  log?: (line: string) => void;
  jobs?: readonly JobDef[];
}

/** Starts the timers of every job; they never keep the process alive. */
export function startLocalJobs(options: LocalJobsOptions = {}): LocalJobs {
  const load = options.loadHandler ?? defaultHandlerLoader();
  const log = options.log ?? ((line: string) => console.error(line));
  const timers: NodeJS.Timeout[] = [];
  for (const job of options.jobs ?? jobs) {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const handler = (await load(job.handler)) as unknown as (event: unknown, context: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<unknown>;
        const deadline = Date.now() + RUN_BUDGET_MS;
        await handler({ source: 'clientela.local', 'detail-type': 'Scheduled Event' }, { getRemainingTimeInMillis: () => deadline - Date.now() });
      } catch (err) {
        log(`${job.name} failed (it runs again in ${job.everyMinutes} min): ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        running = false;
      }
    };
    const first = setTimeout(() => {
      void run();
      const every = setInterval(() => void run(), job.everyMinutes * 60_000);
      every.unref();
      timers.push(every);
    }, FIRST_RUN_MS);
    first.unref();
    timers.push(first);
  }
  return { stop: () => timers.forEach((t) => clearTimeout(t)) };
}
