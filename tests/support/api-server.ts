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
}

/** A table name unique in the run (letters, digits, dashes: valid for DynamoDB). */
export function uniqueTableName(prefix = 'test'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** Creates a fresh table, points the handlers at it and starts the local API server. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = uniqueTableName();
  Object.assign(process.env, localDynamoEnv(endpoint), { TABLE_NAME: tableName }, options.env ?? {});

  const client = new DynamoDBClient(localClientConfig(endpoint));
  await ensureTable(client, tableName);
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });
  const api = await startLocalApi({ port: 0, host: '127.0.0.1', loadHandler: options.loadHandler });

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
