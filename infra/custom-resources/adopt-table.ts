/**
 * Deploy-time Lambda of the `Custom::ClientelaTableAdoption` resource (infra/constructs/
 * table-adoption.ts): re-adopting a retained table (`existingTableName` in clientela.config.json) keeps every
 * protection the stack gives a table it creates, and a wrong name fails the deployment.
 *
 * On Create and Update (every deploy: the resource's `SynthesizedAt` changes with each synth) it
 * 1. describes the table: missing → FAILED with a message naming the context option; another key
 *    schema → FAILED (not a Clientela table);
 * 2. turns on point-in-time recovery, TTL on the expiry attribute, on-demand billing and deletion
 *    protection, each only when it is off (a table restored from a backup or a PITR point comes
 *    back without the protections; a person may have changed one since). Idempotent.
 * 3. creates the global secondary indexes the app needs and the table lacks (a table retained by a
 *    release before them), one at a time as DynamoDB requires, and waits for each to be ACTIVE.
 * On Delete it does nothing: the table and its protections stay.
 *
 * It answers CloudFormation itself (the custom resource protocol: a PUT of the result to the
 * pre-signed ResponseURL), always, also on unexpected errors, so a deployment never hangs.
 */
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';

/** The custom resource's properties (strings: CloudFormation passes every scalar as one). */
export interface AdoptionProperties {
  /** The table to adopt. */
  TableName: string;
  /** The key the app's table has: attribute name → role and type. */
  PartitionKey: { Name: string; Type: string };
  SortKey: { Name: string; Type: string };
  /** The attribute TTL must use. */
  TimeToLiveAttribute: string;
  /** The global secondary indexes the app queries (lambdas/store/table.ts TABLE_INDEXES). */
  Indexes?: AdoptionIndex[];
  /**
   * When the template was synthesized (ISO 8601). Unused by the handler: it changes on every
   * synth, so CloudFormation sends an Update on every deploy (a resource whose properties never
   * change is called on Create only) and a protection turned off since is turned on again.
   */
  SynthesizedAt: string;
}

/** An index as the resource's properties carry it. */
export interface AdoptionIndex {
  Name: string;
  PartitionKey: { Name: string; Type: string };
  SortKey: { Name: string; Type: string };
  NonKeyAttributes: string[];
}

/** A refusal whose message is shown as the deployment's failure reason. */
export class AdoptionError extends Error {
  override name = 'AdoptionError';
}

export interface AdoptionOptions {
  /** Waits between polls (injectable for tests). */
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
  /** How long to wait for the table to become ACTIVE, or PITR to become available (ms). */
  maxWaitMs?: number;
}

const POLL_MS = 5_000;
/**
 * The longest a deploy waits for an index the adoption created: past it the deploy fails with a
 * message (the app's lists and agenda query the index as soon as the deploy is over).
 */
export const INDEX_WAIT_MS = 5 * 60_000;

/**
 * Verifies the table and turns on what is off. Returns the protections it turned on (empty
 * when all were already on).
 */
export async function adoptTable(
  client: DynamoDBClient,
  props: AdoptionProperties,
  options: AdoptionOptions = {},
): Promise<string[]> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const log = options.log ?? ((line: string) => console.log(line));
  const maxWaitMs = options.maxWaitMs ?? 180_000;
  const name = props.TableName;
  const changed: string[] = [];

  /** Polls until `attempt` returns a value (undefined: not yet), within maxWaitMs (or `limitMs`, when shorter), then fails with `advice`. */
  const waitFor = async <T>(what: string, attempt: () => Promise<T | undefined>, limitMs = maxWaitMs, advice = ''): Promise<T> => {
    const limit = Math.min(limitMs, maxWaitMs);
    for (let waited = 0; ; waited += POLL_MS) {
      const result = await attempt();
      if (result !== undefined) return result;
      if (waited >= limit) throw new AdoptionError(`Table "${name}": gave up waiting for ${what} after ${limit / 1000} s.${advice}`);
      log(`waiting for ${what}`);
      await sleep(POLL_MS);
    }
  };

  const active = () => waitFor('the table to be ACTIVE', async () => {
    let description: TableDescription | undefined;
    try {
      description = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
    } catch (err) {
      if ((err as Error).name === 'ResourceNotFoundException') {
        throw new AdoptionError(
          `Table "${name}" does not exist in this account and region. Check existingTableName in clientela.config.json ` +
            '(`aws dynamodb list-tables` lists the tables; the retained one is named like Clientela-DataTable…).',
        );
      }
      throw err;
    }
    const status = description?.TableStatus;
    if (status === 'ACTIVE') return description;
    if (status === 'CREATING' || status === 'UPDATING') return undefined;
    throw new AdoptionError(`Table "${name}" is ${status ?? 'in an unknown state'}: it can't be adopted.`);
  });
  const table = await active();

  const key = (role: 'HASH' | 'RANGE') => {
    const attribute = table.KeySchema?.find((k) => k.KeyType === role)?.AttributeName;
    const type = table.AttributeDefinitions?.find((a) => a.AttributeName === attribute)?.AttributeType;
    return attribute === undefined ? 'none' : `${attribute} (${type})`;
  };
  const expected = (k: { Name: string; Type: string }) => `${k.Name} (${k.Type})`;
  if (key('HASH') !== expected(props.PartitionKey) || key('RANGE') !== expected(props.SortKey)) {
    throw new AdoptionError(
      `Table "${name}" is not a Clientela table: its key is ${key('HASH')} + ${key('RANGE')}, ` +
        `expected ${expected(props.PartitionKey)} + ${expected(props.SortKey)}. Check existingTableName in clientela.config.json.`,
    );
  }

  // 1. Point-in-time recovery. Right after a restore it may be unavailable for a while.
  const pitr = await client.send(new DescribeContinuousBackupsCommand({ TableName: name }));
  if (pitr.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus !== 'ENABLED') {
    await waitFor('point-in-time recovery to become available', async () => {
      try {
        await client.send(
          new UpdateContinuousBackupsCommand({
            TableName: name,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        );
        return true;
      } catch (err) {
        if ((err as Error).name === 'ContinuousBackupsUnavailableException') return undefined;
        throw err;
      }
    });
    changed.push('point-in-time recovery');
  }

  // 2. TTL on the expiry attribute (UpdateTimeToLive refuses to enable it twice).
  const ttl = (await client.send(new DescribeTimeToLiveCommand({ TableName: name }))).TimeToLiveDescription;
  const ttlStatus = ttl?.TimeToLiveStatus ?? 'DISABLED';
  if (ttlStatus === 'ENABLED' || ttlStatus === 'ENABLING') {
    if (ttl?.AttributeName !== props.TimeToLiveAttribute) {
      throw new AdoptionError(
        `Table "${name}" has TTL on "${ttl?.AttributeName}", but Clientela expires records by "${props.TimeToLiveAttribute}". ` +
          'Turn that TTL off (DynamoDB takes up to an hour), then deploy again.',
      );
    }
  } else if (ttlStatus === 'DISABLING') {
    throw new AdoptionError(`Table "${name}": TTL is being turned off (up to an hour). Deploy again once that is done.`);
  } else {
    try {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: props.TimeToLiveAttribute, Enabled: true },
        }),
      );
      changed.push(`TTL on ${props.TimeToLiveAttribute}`);
    } catch (err) {
      // Turned on meanwhile (by another deploy or a person): what we wanted.
      if (!((err as Error).name === 'ValidationException' && /already enabled/i.test((err as Error).message))) throw err;
    }
  }

  // 3. On-demand billing, as a created table has (no capacity to plan; throttling only at
  // DynamoDB's account limits). The switch sets the table UPDATING: wait before the next change.
  // (A table older than on-demand billing has no summary: its capacity says it.)
  const mode = table.BillingModeSummary?.BillingMode ?? ((table.ProvisionedThroughput?.ReadCapacityUnits ?? 0) > 0 ? 'PROVISIONED' : undefined);
  if (mode === 'PROVISIONED') {
    await client.send(new UpdateTableCommand({ TableName: name, BillingMode: 'PAY_PER_REQUEST' }));
    await active();
    changed.push('on-demand billing');
  }

  // 4. Deletion protection: UpdateTable may set the table UPDATING for a moment.
  if (table.DeletionProtectionEnabled !== true) {
    await client.send(new UpdateTableCommand({ TableName: name, DeletionProtectionEnabled: true }));
    changed.push('deletion protection');
  }

  // 5. The indexes, one per update (DynamoDB builds one at a time), each waited for: the app's
  // paged list queries them as soon as the deployment is over.
  for (const index of props.Indexes ?? []) {
    const current = (await active()).GlobalSecondaryIndexes?.find((g) => g.IndexName === index.Name);
    if (current) {
      const schema = (role: 'HASH' | 'RANGE') => current.KeySchema?.find((k) => k.KeyType === role)?.AttributeName;
      if (schema('HASH') !== index.PartitionKey.Name || schema('RANGE') !== index.SortKey.Name) {
        throw new AdoptionError(`Table "${name}" has an index "${index.Name}" keyed otherwise than Clientela's (${index.PartitionKey.Name} + ${index.SortKey.Name}): delete it, then deploy again.`);
      }
    } else {
      await client.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: [
            { AttributeName: index.PartitionKey.Name, AttributeType: index.PartitionKey.Type as 'S' },
            { AttributeName: index.SortKey.Name, AttributeType: index.SortKey.Type as 'S' },
          ],
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: index.Name,
                KeySchema: [
                  { AttributeName: index.PartitionKey.Name, KeyType: 'HASH' },
                  { AttributeName: index.SortKey.Name, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: index.NonKeyAttributes },
              },
            },
          ],
        }),
      );
      changed.push(`index ${index.Name}`);
    }
    await waitFor(
      `the index "${index.Name}" to be built`,
      async () => {
        const status = (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.Name)?.IndexStatus;
        return status === 'ACTIVE' ? true : undefined;
      },
      INDEX_WAIT_MS,
      // A rollback does not stop DynamoDB: the next deploy finds the index built, or waits again.
      ' DynamoDB goes on building it (a large table takes longer): deploy again in a few minutes.',
    );
  }
  return changed;
}

/** What the handler PUTs to CloudFormation's ResponseURL. */
export interface CloudFormationResponse {
  Status: 'SUCCESS' | 'FAILED';
  Reason?: string;
  PhysicalResourceId: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  Data?: Record<string, string>;
}

/** Runs the request and reports its outcome to CloudFormation. */
export async function handleEvent(
  event: CloudFormationCustomResourceEvent,
  client: DynamoDBClient,
  options: AdoptionOptions = {},
): Promise<CloudFormationResponse> {
  const log = options.log ?? ((line: string) => console.log(line));
  const props = event.ResourceProperties as unknown as AdoptionProperties;
  // The table name identifies the resource: adopting another name replaces it, and the Delete
  // CloudFormation then sends for the old one leaves that table alone.
  const physicalId = event.RequestType === 'Delete' ? event.PhysicalResourceId : props.TableName;
  const base = {
    PhysicalResourceId: physicalId ?? event.LogicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  };
  if (event.RequestType === 'Delete') {
    log(`Delete: table "${physicalId}" and its protections are kept`);
    return { ...base, Status: 'SUCCESS' };
  }
  try {
    const changed = await adoptTable(client, props, options);
    log(`table "${props.TableName}" adopted; turned on: ${changed.length > 0 ? changed.join(', ') : 'nothing (all were on)'}`);
    return { ...base, Status: 'SUCCESS', Data: { TurnedOn: changed.join(', ') } };
  } catch (err) {
    const reason = err instanceof AdoptionError ? err.message : `Table "${props.TableName}": ${(err as Error).name}: ${(err as Error).message}`;
    log(`FAILED: ${reason}`);
    return { ...base, Status: 'FAILED', Reason: reason.slice(0, 3_000) };
  }
}

/** Sends the response the way CloudFormation's pre-signed S3 URL expects (no content type). */
export async function sendResponse(responseUrl: string, response: CloudFormationResponse): Promise<void> {
  const body = JSON.stringify(response);
  const res = await fetch(responseUrl, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!res.ok) throw new Error(`CloudFormation response upload failed: HTTP ${res.status} ${await res.text()}`);
}

const client = new DynamoDBClient({});

export async function handler(event: CloudFormationCustomResourceEvent, context: Context): Promise<void> {
  // Leave a minute to answer before Lambda's own timeout.
  const maxWaitMs = Math.max(0, Math.min(780_000, context.getRemainingTimeInMillis() - 60_000));
  const response = await handleEvent(event, client, { maxWaitMs });
  await sendResponse(event.ResponseURL, response);
}
