/**
 * The scheduled functions on a laptop (lambdas/routes.ts `jobs`; EventBridge runs them in the
 * cloud): the process serving the API runs each on a timer, first shortly after it starts (a
 * laptop is off most hours), then every `everyMinutes`. A daily job (`dailyAt`) runs at its
 * wall-clock time in the company's zone (TIME_ZONE), and shortly after start when that time has
 * passed today (it was off then: the job's own claims keep it to once a day). Sign-in-only jobs
 * do not run with AUTH=off. A failed run is logged; the next one does the same work.
 */
import type { Context } from 'aws-lambda';
import { DEFAULT_TIME_ZONE } from '../../lambdas/contract/limits.ts';
import { diaNoFuso, inicioDoDia } from '../../lambdas/contract/tarefa.ts';
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
  /** Sign-in on (default: AUTH_MODE is `cognito`): the sign-in-only jobs run too. */
  signIn?: boolean;
  /** The company's zone of the daily jobs (default: TIME_ZONE). */
  timeZone?: string;
}

const DAY_MS = 24 * 60 * 60_000;

/** The instant of `at` on the zone's day of `instant` (wall-clock minutes after that day's start). */
function atOnDayOf(instant: number, zone: string, at: { hour: number; minute: number }): number {
  // Minutes after the day's start: off by the change on a day whose offset changes before `at`.
  return Date.parse(inicioDoDia(diaNoFuso(instant, zone), zone)) + (at.hour * 60 + at.minute) * 60_000;
}

/** The next instant after `now` a daily job runs at. */
export function nextDailyRun(now: number, zone: string, at: { hour: number; minute: number }): number {
  const today = atOnDayOf(now, zone, at);
  if (today > now) return today;
  // Half a day past today's time is always the zone's next day (whatever its offset change).
  return atOnDayOf(today + DAY_MS / 2 + (DAY_MS - (at.hour * 60 + at.minute) * 60_000), zone, at);
}

/** Starts the timers of every job; they never keep the process alive. */
export function startLocalJobs(options: LocalJobsOptions = {}): LocalJobs {
  const load = options.loadHandler ?? defaultHandlerLoader();
  const log = options.log ?? ((line: string) => console.error(line));
  const timers: NodeJS.Timeout[] = [];
  const runs = new Set<Promise<void>>();
  const signIn = options.signIn ?? process.env.AUTH_MODE === 'cognito';
  const zone = options.timeZone ?? (process.env.TIME_ZONE || DEFAULT_TIME_ZONE);
  for (const job of (options.jobs ?? jobs).filter((j) => signIn || j.signInOnly !== true)) {
    let running: Promise<void> | undefined;
    const runOnce = async () => {
      try {
        const handler = (await load(job.handler)) as unknown as (event: unknown, context: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<unknown>;
        const deadline = Date.now() + job.timeoutMinutes * 60_000;
        await handler({ source: 'clientela.local', 'detail-type': 'Scheduled Event' }, { getRemainingTimeInMillis: () => deadline - Date.now() });
      } catch (err) {
        const again = job.dailyAt ? 'tomorrow' : `in ${job.everyMinutes ?? 60} min`;
        log(`${job.name} failed (it runs again ${again}): ${err instanceof Error ? err.message : String(err)}`);
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
    const daily = job.dailyAt;
    if (daily) {
      const schedule = () => {
        const timer = setTimeout(() => {
          run();
          schedule();
        }, nextDailyRun(Date.now(), zone, daily) - Date.now());
        timer.unref();
        timers.push(timer);
      };
      // Today's time already passed (the laptop was off then): once, shortly after start.
      if (atOnDayOf(Date.now(), zone, daily) <= Date.now()) {
        const first = setTimeout(run, FIRST_RUN_MS);
        first.unref();
        timers.push(first);
      }
      schedule();
      continue;
    }
    const first = setTimeout(() => {
      run();
      const every = setInterval(run, (job.everyMinutes ?? 60) * 60_000);
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
