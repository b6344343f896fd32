/**
 * The scheduled functions on a laptop (infra/local/jobs.ts): each job's handler runs on the
 * process's timers, first shortly after start, then every `everyMinutes`, with a Lambda-like
 * time budget; a failed run is logged and the next one still comes; stop() ends the timers and
 * waits for a run in progress (the database stops after it).
 * The sweep the trash's job runs: tests/api/historico-lixeira.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RUN_MS, startLocalJobs } from '../../infra/local/jobs.ts';
import { jobs, type JobDef } from '../../lambdas/routes.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const job: JobDef = { name: 'Teste', handler: 'jobs/teste', description: 'test', everyMinutes: 60, timeoutMinutes: 5, actions: [] };

describe('local scheduled jobs', () => {
  it('runs the trash sweep and the index migration of the route table’s jobs, and the morning e-mail daily', () => {
    expect(jobs.map((j) => [j.name, j.handler, j.everyMinutes ?? j.dailyAt])).toEqual([
      ['SweepLixeira', 'jobs/sweep-lixeira', 60],
      ['MigrarIndices', 'jobs/migrar-indices', 10],
      ['EmailDiario', 'jobs/email-diario', { hour: 7, minute: 30 }],
    ]);
  });

  const daily: JobDef = { name: 'Diario', handler: 'jobs/diario', description: 'test', dailyAt: { hour: 7, minute: 30 }, timeoutMinutes: 5, actions: [], signInOnly: true };

  it('runs a daily job at its time in the company’s zone, every day, and not at start before that time', async () => {
    // 06:00 in São Paulo.
    vi.setSystemTime(new Date('2026-11-27T09:00:00.000Z'));
    const handler = vi.fn(async () => undefined);
    const local = startLocalJobs({ jobs: [daily], loadHandler: async () => handler as never, log: () => {}, signIn: true, timeZone: 'America/Sao_Paulo' });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS);
    expect(handler).not.toHaveBeenCalled();
    // 07:29:59 → nothing; 07:30 → the run.
    await vi.advanceTimersByTimeAsync(90 * 60_000 - FIRST_RUN_MS - 1000);
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(new Date().toISOString()).toBe('2026-11-27T10:30:00.000Z');
    // The next one the next morning, not before.
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000 - 1000);
    expect(handler).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(handler).toHaveBeenCalledTimes(2);
    await local.stop();
  });

  it('runs a daily job shortly after start when its time passed today (the laptop was off), and never with sign-in off', async () => {
    // 09:00 in São Paulo.
    vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
    const handler = vi.fn(async () => undefined);
    const local = startLocalJobs({ jobs: [daily], loadHandler: async () => handler as never, log: () => {}, signIn: true, timeZone: 'America/Sao_Paulo' });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS);
    expect(handler).toHaveBeenCalledTimes(1);
    await local.stop();
    const off = vi.fn(async () => undefined);
    const open = startLocalJobs({ jobs: [daily], loadHandler: async () => off as never, log: () => {}, signIn: false, timeZone: 'America/Sao_Paulo' });
    await vi.advanceTimersByTimeAsync(2 * 24 * 60 * 60_000);
    expect(off).not.toHaveBeenCalled();
    await open.stop();
  });

  it('runs a job after start and then every everyMinutes, logs a failed run, and stops', async () => {
    const budgets: number[] = [];
    let calls = 0;
    const handler = vi.fn(async (_event: unknown, context: { getRemainingTimeInMillis(): number }) => {
      budgets.push(context.getRemainingTimeInMillis());
      if (++calls === 2) throw new Error('DynamoDB fora do ar');
    });
    const loaded: string[] = [];
    const lines: string[] = [];
    const local = startLocalJobs({
      jobs: [job],
      loadHandler: async (name) => {
        loaded.push(name);
        return handler as never;
      },
      log: (line) => lines.push(line),
    });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS - 1);
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(loaded).toEqual(['jobs/teste']);
    expect(budgets[0]).toBe(5 * 60_000);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(handler).toHaveBeenCalledTimes(2);
    expect(lines).toEqual(['Teste failed (it runs again in 60 min): DynamoDB fora do ar']);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(handler).toHaveBeenCalledTimes(3);
    await local.stop();
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('stop() resolves only once a run in progress has finished', async () => {
    let finish!: () => void;
    const handler = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const local = startLocalJobs({ jobs: [job], loadHandler: async () => handler as never, log: () => {} });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_MS);
    expect(handler).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = local.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });
});
