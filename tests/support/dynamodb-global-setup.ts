/**
 * vitest globalSetup: ONE in-memory DynamoDB Local for the whole run (a JVM per test file is too
 * slow); each test file makes its own table on it. Teardown stops it and fails loudly if the
 * Java process is still alive.
 */
import type { TestProject } from 'vitest/node';
import { isAlive, startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the run's shared DynamoDB Local. */
    dynamoEndpoint: string;
  }
}

let dynamo: DynamoLocal | undefined;

/** Starts the run's DynamoDB Local and provides its endpoint to every test file. */
export async function setup(project: TestProject): Promise<void> {
  dynamo = await startDynamoLocal({ dataDir: 'memory' });
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

/** Stops DynamoDB Local; throws when the JVM survived (a leak the next run would trip over). */
export async function teardown(): Promise<void> {
  if (!dynamo) return;
  const { javaPid } = dynamo;
  await dynamo.stop();
  dynamo = undefined;
  if (isAlive(javaPid)) {
    throw new Error(`DynamoDB Local (java pid ${javaPid}) is still running after the test run.`);
  }
}
