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

export interface LocalJobs {
  /** Clears the timers; resolves once a run in progress finished (before the database stops). */
  stop(): Promise<void>;
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
  const runs = new Set<Promise<void>>();
  for (const job of options.jobs ?? jobs) {
    let running: Promise<void> | undefined;
    const runOnce = async () => {
      try {
        const handler = (await load(job.handler)) as unknown as (event: unknown, context: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<unknown>;
        const deadline = Date.now() + job.timeoutMinutes * 60_000;
        await handler({ source: 'clientela.local', 'detail-type': 'Scheduled Event' }, { getRemainingTimeInMillis: () => deadline - Date.now() });
      } catch (err) {
        log(`${job.name} failed (it runs again in ${job.everyMinutes} min): ${err instanceof Error ? err.message : String(err)}`);
      }
    };
    const run = () => {
      if (running) return;
      const current = runOnce().finally(() => {
        running = undefined;
        runs.delete(current);
      });
      running = current;
      runs.add(current);
    };
    const first = setTimeout(() => {
      run();
      const every = setInterval(run, job.everyMinutes * 60_000);
      every.unref();
      timers.push(every);
    }, FIRST_RUN_MS);
    first.unref();
    timers.push(first);
  }
  return {
    stop: async () => {
      timers.forEach((t) => clearTimeout(t));
      await Promise.all([...runs]);
    },
  };
}
