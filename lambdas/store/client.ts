/**
 * The one DynamoDB document client of a Lambda instance, created on first use and reused by
 * warm invocations. Commands are imported one by one elsewhere to keep bundles small.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let shared: DynamoDBDocumentClient | undefined;

/** Marshalling options shared by the handlers and the seeding code. */
export const MARSHALL_OPTIONS = { removeUndefinedValues: true } as const;

/**
 * The shared document client. `DYNAMODB_ENDPOINT` (local runs) points it at another endpoint;
 * there, missing credentials are replaced by fake ones (letters and digits only, as DynamoDB
 * Local requires) and a missing region by `us-east-1`.
 */
export function documentClient(): DynamoDBDocumentClient {
  if (!shared) {
    const endpoint = process.env.DYNAMODB_ENDPOINT || undefined;
    const local = endpoint !== undefined;
    const client = new DynamoDBClient({
      ...(local ? { endpoint } : {}),
      region: process.env.AWS_REGION || (local ? 'us-east-1' : undefined),
      ...(local && !process.env.AWS_ACCESS_KEY_ID
        ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    shared = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });
  }
  return shared;
}

/** The table name from `TABLE_NAME`, read on every use so tests can set it first; fails fast. */
export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set: the API needs the DynamoDB table name.');
  return name;
}
