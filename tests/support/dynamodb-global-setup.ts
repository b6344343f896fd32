/**
 * vitest globalSetup: ONE in-memory DynamoDB Local for the whole run (a JVM per test file is too
 * slow); each test file makes its own table on it. Every JVM started during the run (this one,
 * and those tests start themselves) carries the run's tag; the last teardown fails loudly if any
 * tagged JVM is still alive, after killing it so the machine stays clean.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { isAlive, javaPidsOfRun, startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the run's shared DynamoDB Local. */
    dynamoEndpoint: string;
  }
}

// Several projects (api, infra) use this file; they share one process and one run tag.
const RUNS = Symbol.for('clientela.dynamoGlobalSetups');
type Registry = { [RUNS]?: { active: number } };
const registry = ((globalThis as Registry)[RUNS] ??= { active: 0 });

let dynamo: DynamoLocal | undefined;

/** Starts the run's DynamoDB Local and provides its endpoint to every test file. */
export async function setup(project: TestProject): Promise<void> {
  // Inherited by the test workers and the processes they spawn.
  process.env.CLIENTELA_RUN_ID ??= `vitest-${process.pid}-${randomBytes(4).toString('hex')}`;
  registry.active++;
  dynamo = await startDynamoLocal({ dataDir: 'memory' });
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

/** Stops DynamoDB Local; the last one checks that no JVM of this run survived. */
export async function teardown(): Promise<void> {
  const problems: string[] = [];
  if (dynamo) {
    const { javaPid } = dynamo;
    await dynamo.stop();
    dynamo = undefined;
    if (isAlive(javaPid)) problems.push(`the shared DynamoDB Local (java pid ${javaPid}) is still running`);
  }
  registry.active--;
  const runTag = process.env.CLIENTELA_RUN_ID;
  if (registry.active === 0 && runTag) {
    // JVMs stopped by tests a moment ago may still be exiting.
    const deadline = Date.now() + 10_000;
    let left = javaPidsOfRun(runTag);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      left = javaPidsOfRun(runTag);
    }
    if (left.length > 0) {
      for (const pid of left) process.kill(pid, 'SIGKILL');
      problems.push(`DynamoDB Local JVMs started by this run outlived it (pids ${left.join(', ')}; now killed)`);
    }
  }
  if (problems.length > 0) {
    // vitest only logs a teardown error ("error during close") and still exits 0: fail the run.
    process.exitCode = 1;
    throw new Error(`Java process leak: ${problems.join('; ')}.`);
  }
}
