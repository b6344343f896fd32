/**
 * vitest globalSetup: ONE in-memory DynamoDB Local for the whole run (a JVM per test file is too
 * slow), shared by every project that lists this file; each test file makes its own table on it.
 * Every JVM and cognito-local a test file starts (in a worker, or in a process it spawns) carries
 * the run's id in its environment (tests/support/processes.ts); the last teardown fails the run if
 * the shared JVM or any of those is still alive, after killing it so the machine stays clean.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { isAlive, startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb.ts';
import { PASS_ENV_VARIABLE } from '../../infra/local/user-pool.ts';
import { pidsOfRun, RUN_ID_VARIABLE, RUN_MARKERS } from './processes.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the run's shared DynamoDB Local. */
    dynamoEndpoint: string;
  }
}

// Projects (api, infra) run their global setups in the one main process: share through it.
const SHARED = Symbol.for('clientela.dynamoGlobalSetup');
type Shared = { users: number; dynamo?: Promise<DynamoLocal> };
const shared: Shared = ((globalThis as { [SHARED]?: Shared })[SHARED] ??= { users: 0 });

/** Starts (or joins) the run's DynamoDB Local and provides its endpoint to every test file. */
export async function setup(project: TestProject): Promise<void> {
  // Inherited by the test workers and the processes they spawn; cognito-local, which gets an
  // environment of its own, is given the markers by name (infra/local/user-pool.ts).
  process.env[RUN_ID_VARIABLE] ??= `vitest-${process.pid}-${randomBytes(4).toString('hex')}`;
  process.env[PASS_ENV_VARIABLE] = RUN_MARKERS.join(',');
  shared.users++;
  shared.dynamo ??= startDynamoLocal({ dataDir: 'memory' });
  project.provide('dynamoEndpoint', (await shared.dynamo).endpoint);
}

/** The last teardown stops DynamoDB Local and checks that no JVM of this run survived. */
export async function teardown(): Promise<void> {
  shared.users--;
  if (shared.users > 0) return;
  const problems: string[] = [];
  const dynamo = await shared.dynamo?.catch(() => undefined);
  shared.dynamo = undefined;
  if (dynamo) {
    await dynamo.stop();
    if (isAlive(dynamo.javaPid)) problems.push(`the shared DynamoDB Local (java pid ${dynamo.javaPid}) is still running`);
  }
  const runTag = process.env[RUN_ID_VARIABLE];
  if (runTag) {
    // Processes stopped by tests a moment ago may still be exiting.
    for (const [what, kind] of [
      ['DynamoDB Local JVMs', 'java'],
      ['cognito-local processes', 'cognito'],
    ] as const) {
      const deadline = Date.now() + 10_000;
      let left = pidsOfRun(runTag, kind);
      while (left.length > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        left = pidsOfRun(runTag, kind);
      }
      if (left.length > 0) {
        for (const pid of left) process.kill(pid, 'SIGKILL');
        problems.push(`${what} started by this run's tests outlived it (pids ${left.join(', ')}; now killed)`);
      }
    }
  }
  if (problems.length > 0) {
    // vitest only logs a teardown error ("error during close") and still exits 0: fail the run.
    process.exitCode = 1;
    throw new Error(`Process leak: ${problems.join('; ')}.`);
  }
}
