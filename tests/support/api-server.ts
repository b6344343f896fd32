/**
 * Starts the local API for one test file: its own table on the run's shared DynamoDB Local
 * (see dynamodb-global-setup.ts), the environment the handlers read, and a real HTTP server on
 * a free port. Each vitest file runs in its own process, so the environment is per file.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MARSHALL_OPTIONS } from '../../lambdas/store/table.ts';
import { localClientConfig, localDynamoEnv } from '../../infra/local/dynamodb.ts';
import { ensureTable } from '../../infra/local/table.ts';
import { startLocalApi } from '../../infra/local/server.ts';
import type { HandlerLoader } from '../../infra/local/adapter.ts';
import { markIndexesDoneIfEmpty } from '../../lambdas/store/migracao.ts';
import { AUTH_ENV_NAMES, localAuthEnv, type LocalIdentity } from '../../infra/local/user-pool.ts';

export interface TestApi {
  /** `http://127.0.0.1:PORT/api` */
  baseUrl: string;
  tableName: string;
  /** A document client on the same table, for arranging and asserting storage. */
  doc: DynamoDBDocumentClient;
  /** Stops the server and drops the table. */
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Replaces the handler loader (fixture handlers for adapter tests). */
  loadHandler?: HandlerLoader;
  /** Extra environment for the handlers (e.g. CORS_ORIGINS). */
  env?: Record<string, string>;
  /**
   * The local user pool: /config.json and /cognito/ serve it and the handlers get its
   * environment. Absent (the default of the first wave's suites): sign-in off, AUTH_MODE=off.
   */
  identity?: LocalIdentity;
}

/** A table name unique in the run (letters, digits, dashes: valid for DynamoDB). */
export function uniqueTableName(prefix = 'test'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** Creates a fresh table, points the handlers at it and starts the local API server. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = uniqueTableName();
  for (const name of AUTH_ENV_NAMES) delete process.env[name];
  Object.assign(process.env, localDynamoEnv(endpoint), { TABLE_NAME: tableName }, localAuthEnv(options.identity), options.env ?? {});

  const client = new DynamoDBClient(localClientConfig(endpoint));
  await ensureTable(client, tableName);
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });
  // A new table needs no index migration (as the local runtime and the deploy's job find it).
  await markIndexesDoneIfEmpty({ doc, tableName });
  const api = await startLocalApi({
    port: 0,
    host: '127.0.0.1',
    loadHandler: options.loadHandler,
    auth: { identity: options.identity },
  });

  return {
    baseUrl: api.url,
    tableName,
    doc,
    close: async () => {
      await api.close();
      try {
        await client.send(new DeleteTableCommand({ TableName: tableName }));
      } finally {
        client.destroy();
      }
    },
  };
}
