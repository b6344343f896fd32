/**
 * The one DynamoDB document client of a Lambda instance, created on first use and reused by
 * warm invocations. Commands are imported one by one elsewhere to keep bundles small.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { MARSHALL_OPTIONS } from './table.ts';

let shared: DynamoDBDocumentClient | undefined;

/** A table and the client that reaches it (tools pass their own; handlers use the shared one). */
export interface Database {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

/**
 * A DynamoDB client as the environment configures it. `DYNAMODB_ENDPOINT` (local runs) points it
 * at another endpoint; there, missing credentials are replaced by fake ones (letters and digits
 * only, as DynamoDB Local requires) and a missing region by `us-east-1`. The laptop runtime
 * (infra/local/runtime.ts) builds its own with it, to destroy at its stop.
 */
export function dynamoClientFromEnv(env: NodeJS.ProcessEnv = process.env): DynamoDBClient {
  const endpoint = env.DYNAMODB_ENDPOINT || undefined;
  const local = endpoint !== undefined;
  return new DynamoDBClient({
    ...(local ? { endpoint } : {}),
    region: env.AWS_REGION || (local ? 'us-east-1' : undefined),
    ...(local && !env.AWS_ACCESS_KEY_ID ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
}

/** The document client over `client`, marshalling as the store writes items. */
export const documentClientOver = (client: DynamoDBClient): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });

/** The shared document client (see dynamoClientFromEnv). */
export function documentClient(): DynamoDBDocumentClient {
  shared ??= documentClientOver(dynamoClientFromEnv());
  return shared;
}

/** The table name from `TABLE_NAME`, read on every use so tests can set it first; fails fast. */
export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set: the API needs the DynamoDB table name.');
  return name;
}

/** The handlers' table: the shared client and TABLE_NAME. */
export const defaultDb = (): Database => ({ doc: documentClient(), tableName: tableName() });
