/**
 * The table-adoption custom resource's handler (infra/custom-resources/adopt-table.ts): its
 * decisions with DynamoDB mocked (aws-sdk-client-mock: a missing table, a foreign one, a restored
 * one without protections, TTL races, a restore whose PITR is not available yet — states a local
 * DynamoDB can't produce, and DynamoDB Local has no PITR at all), then the bundled handler as
 * esbuild ships it, answering CloudFormation on a real HTTP server.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { App, Stack } from 'aws-cdk-lib';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../infra/app.ts';
import { TABLE_ADOPTION_TYPE, TableAdoption } from '../../infra/constructs/table-adoption.ts';
import { handleEvent, INDEX_WAIT_MS, type AdoptionProperties, type CloudFormationResponse } from '../../infra/custom-resources/adopt-table.ts';
import { TABLE_INDEXES } from '../../lambdas/store/table.ts';
import { only, resourcesOfType, synth, tempDir } from './support.ts';

const NAME = 'Clientela-DataTableFDBAD0F2-1A2B3C4D5E6F';
const PROPS: AdoptionProperties = {
  TableName: NAME,
  PartitionKey: { Name: 'pk', Type: 'S' },
  SortKey: { Name: 'sk', Type: 'N' },
  TimeToLiveAttribute: 'expiresAt',
  SynthesizedAt: '2026-05-01T12:00:00.000Z',
};

/** The app's indexes as the construct passes them. */
const INDEXES = TABLE_INDEXES.map((i) => ({
  Name: i.name,
  PartitionKey: { Name: i.partitionKey.name, Type: i.partitionKey.type },
  SortKey: { Name: i.sortKey.name, Type: i.sortKey.type },
  NonKeyAttributes: [...i.projected],
}));

const ddb = mockClient(DynamoDBClient);
const client = new DynamoDBClient({ region: 'us-east-1' });

function table(over: Partial<TableDescription> = {}): { Table: TableDescription } {
  return {
    Table: {
      TableName: NAME,
      TableStatus: 'ACTIVE',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      DeletionProtectionEnabled: false,
      ...over,
    },
  };
}
const pitr = (status: 'ENABLED' | 'DISABLED') => ({
  ContinuousBackupsDescription: { ContinuousBackupsStatus: 'ENABLED' as const, PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: status } },
});
const ttl = (TimeToLiveStatus: 'ENABLED' | 'DISABLED' | 'ENABLING' | 'DISABLING', AttributeName?: string) => ({
  TimeToLiveDescription: { TimeToLiveStatus, AttributeName },
});
const awsError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** A table in the state a restore leaves it: no PITR, no TTL, no deletion protection. */
function restoredTable(): void {
  ddb.on(DescribeTableCommand).resolves(table());
  ddb.on(DescribeContinuousBackupsCommand).resolves(pitr('DISABLED'));
  ddb.on(UpdateContinuousBackupsCommand).resolves({});
  ddb.on(DescribeTimeToLiveCommand).resolves(ttl('DISABLED'));
  ddb.on(UpdateTimeToLiveCommand).resolves({});
  ddb.on(UpdateTableCommand).resolves({});
}

function event(RequestType: 'Create' | 'Update' | 'Delete', props: AdoptionProperties = PROPS, PhysicalResourceId?: string): CloudFormationCustomResourceEvent {
  return {
    RequestType,
    ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:adopt',
    ResponseURL: 'http://127.0.0.1:1/unused',
    StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/Clientela/abc',
    RequestId: 'req-1',
    LogicalResourceId: 'DataAdoptionD555ED0C',
    ResourceType: 'Custom::ClientelaTableAdoption',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:adopt', ...props },
    ...(RequestType === 'Create' ? {} : { PhysicalResourceId: PhysicalResourceId ?? NAME, OldResourceProperties: { ...PROPS } }),
  } as CloudFormationCustomResourceEvent;
}

const sleeps: number[] = [];
const lines: string[] = [];
const options = {
  sleep: async (ms: number) => void sleeps.push(ms),
  log: (line: string) => void lines.push(line),
  maxWaitMs: 60_000,
};
const run = (e: CloudFormationCustomResourceEvent) => handleEvent(e, client, options);
/** Every call that would change the table. */
const updates = () => [
  ...ddb.commandCalls(UpdateContinuousBackupsCommand),
  ...ddb.commandCalls(UpdateTimeToLiveCommand),
  ...ddb.commandCalls(UpdateTableCommand),
];

beforeEach(() => {
  ddb.reset();
  sleeps.length = 0;
  lines.length = 0;
});

describe('adopting a table (handler logic, DynamoDB mocked)', () => {
  it('fails the deployment on a missing table, naming the context option, and changes nothing', async () => {
    ddb.on(DescribeTableCommand).rejects(new ResourceNotFoundException({ message: 'Requested resource not found', $metadata: {} }));
    const res = await run(event('Create'));
    expect(res).toMatchObject({ Status: 'FAILED', PhysicalResourceId: NAME, RequestId: 'req-1', LogicalResourceId: 'DataAdoptionD555ED0C' });
    expect(res.Reason).toMatch(new RegExp(`Table "${NAME}" does not exist in this account and region. Check existingTableName in clientela.config.json`));
    expect(updates()).toEqual([]);
  });

  it('refuses a table with another key (not a Clientela table) before touching it', async () => {
    ddb.on(DescribeTableCommand).resolves(
      table({ KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }] }),
    );
    const res = await run(event('Create'));
    expect(res.Status).toBe('FAILED');
    expect(res.Reason).toBe(
      `Table "${NAME}" is not a Clientela table: its key is id (S) + none, expected pk (S) + sk (N). Check existingTableName in clientela.config.json.`,
    );
    expect(ddb.commandCalls(DescribeContinuousBackupsCommand)).toEqual([]);
    expect(updates()).toEqual([]);
  });

  it('turns on PITR, TTL on expiresAt and deletion protection on a restored table', async () => {
    restoredTable();
    const res = await run(event('Create'));
    expect(res).toEqual({
      Status: 'SUCCESS',
      PhysicalResourceId: NAME,
      StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/Clientela/abc',
      RequestId: 'req-1',
      LogicalResourceId: 'DataAdoptionD555ED0C',
      Data: { TurnedOn: 'point-in-time recovery, TTL on expiresAt, deletion protection' },
    });
    expect(ddb.commandCalls(UpdateContinuousBackupsCommand).map((c) => c.args[0].input)).toEqual([
      { TableName: NAME, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } },
    ]);
    expect(ddb.commandCalls(UpdateTimeToLiveCommand).map((c) => c.args[0].input)).toEqual([
      { TableName: NAME, TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } },
    ]);
    expect(ddb.commandCalls(UpdateTableCommand).map((c) => c.args[0].input)).toEqual([{ TableName: NAME, DeletionProtectionEnabled: true }]);
  });

  it('changes nothing on a table that has every protection (every deploy may run it again)', async () => {
    ddb.on(DescribeTableCommand).resolves(table({ DeletionProtectionEnabled: true }));
    ddb.on(DescribeContinuousBackupsCommand).resolves(pitr('ENABLED'));
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('ENABLED', 'expiresAt'));
    const res = await run(event('Update'));
    expect(res).toMatchObject({ Status: 'SUCCESS', Data: { TurnedOn: '' } });
    expect(updates()).toEqual([]);
    expect(lines.at(-1)).toContain('nothing (all were on)');
  });

  it('takes TTL being enabled meanwhile (UpdateTimeToLive: "already enabled") as done', async () => {
    restoredTable();
    ddb.on(UpdateTimeToLiveCommand).rejects(awsError('ValidationException', 'TimeToLive is already enabled'));
    const res = await run(event('Create'));
    expect(res).toMatchObject({ Status: 'SUCCESS', Data: { TurnedOn: 'point-in-time recovery, deletion protection' } });
  });

  it('leaves TTL alone while it is being enabled on expiresAt', async () => {
    restoredTable();
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('ENABLING', 'expiresAt'));
    expect((await run(event('Create'))).Status).toBe('SUCCESS');
    expect(ddb.commandCalls(UpdateTimeToLiveCommand)).toEqual([]);
  });

  it('fails, without changing it, when TTL is on another attribute or being turned off', async () => {
    restoredTable();
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('ENABLED', 'ttl'));
    const other = await run(event('Create'));
    expect(other.Status).toBe('FAILED');
    expect(other.Reason).toMatch(/has TTL on "ttl", but Clientela expires records by "expiresAt"/);
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('DISABLING'));
    expect((await run(event('Create'))).Reason).toMatch(/TTL is being turned off/);
    expect(ddb.commandCalls(UpdateTimeToLiveCommand)).toEqual([]);
    expect(ddb.commandCalls(UpdateTableCommand)).toEqual([]);
  });

  it('switches a provisioned table to on-demand, as a created table is, and waits for it before deletion protection', async () => {
    restoredTable();
    const provisioned = table({ BillingModeSummary: { BillingMode: 'PROVISIONED' }, ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } });
    ddb.on(DescribeTableCommand).resolvesOnce(provisioned).resolvesOnce(table({ TableStatus: 'UPDATING' })).resolves(table());
    const res = await run(event('Update'));
    expect(res).toMatchObject({ Status: 'SUCCESS', Data: { TurnedOn: 'point-in-time recovery, TTL on expiresAt, on-demand billing, deletion protection' } });
    expect(ddb.commandCalls(UpdateTableCommand).map((c) => c.args[0].input)).toEqual([
      { TableName: NAME, BillingMode: 'PAY_PER_REQUEST' },
      { TableName: NAME, DeletionProtectionEnabled: true },
    ]);
    expect(sleeps).toEqual([5_000]);
    // A table from before on-demand billing has no summary: its capacity says it is provisioned.
    ddb.reset();
    restoredTable();
    ddb.on(DescribeTableCommand).resolves(table({ ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 }, DeletionProtectionEnabled: true }));
    await run(event('Update'));
    expect(ddb.commandCalls(UpdateTableCommand).map((c) => c.args[0].input)).toEqual([{ TableName: NAME, BillingMode: 'PAY_PER_REQUEST' }]);
    // On demand already (capacity 0): nothing to switch.
    ddb.reset();
    restoredTable();
    ddb.on(DescribeTableCommand).resolves(table({ BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' }, ProvisionedThroughput: { ReadCapacityUnits: 0, WriteCapacityUnits: 0 }, DeletionProtectionEnabled: true }));
    await run(event('Update'));
    expect(ddb.commandCalls(UpdateTableCommand)).toEqual([]);
  });

  it('creates the indexes an adopted table lacks, one per update, and waits for each to be built', async () => {
    const props: AdoptionProperties = { ...PROPS, Indexes: INDEXES };
    const withIndex = (IndexStatus: 'CREATING' | 'ACTIVE', key = 'lpk') =>
      table({
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: [{ IndexName: 'lista', IndexStatus, KeySchema: [{ AttributeName: key, KeyType: 'HASH' }, { AttributeName: 'lsk', KeyType: 'RANGE' }] }],
      });
    restoredTable();
    ddb.on(DescribeContinuousBackupsCommand).resolves(pitr('ENABLED'));
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('ENABLED', 'expiresAt'));
    // A table from before the index: created, then building for two polls, then active.
    ddb
      .on(DescribeTableCommand)
      .resolvesOnce(table({ DeletionProtectionEnabled: true }))
      .resolvesOnce(table({ DeletionProtectionEnabled: true }))
      .resolvesOnce(withIndex('CREATING'))
      .resolvesOnce(withIndex('CREATING'))
      .resolves(withIndex('ACTIVE'));
    const res = await run(event('Update', props));
    expect(res).toMatchObject({ Status: 'SUCCESS', Data: { TurnedOn: 'index lista' } });
    expect(ddb.commandCalls(UpdateTableCommand).map((c) => c.args[0].input)).toEqual([
      {
        TableName: NAME,
        AttributeDefinitions: [
          { AttributeName: 'lpk', AttributeType: 'S' },
          { AttributeName: 'lsk', AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: 'lista',
              KeySchema: [
                { AttributeName: 'lpk', KeyType: 'HASH' },
                { AttributeName: 'lsk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...TABLE_INDEXES[0].projected] },
            },
          },
        ],
      },
    ]);
    expect(sleeps).toEqual([5_000, 5_000]);
    // Next deploy: the index is there, nothing to create.
    ddb.reset();
    restoredTable();
    ddb.on(DescribeContinuousBackupsCommand).resolves(pitr('ENABLED'));
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('ENABLED', 'expiresAt'));
    ddb.on(DescribeTableCommand).resolves(withIndex('ACTIVE'));
    expect(await run(event('Update', props))).toMatchObject({ Status: 'SUCCESS', Data: { TurnedOn: '' } });
    expect(ddb.commandCalls(UpdateTableCommand)).toEqual([]);
    // An index of that name keyed otherwise: refused, nothing changed.
    ddb.reset();
    restoredTable();
    ddb.on(DescribeContinuousBackupsCommand).resolves(pitr('ENABLED'));
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('ENABLED', 'expiresAt'));
    ddb.on(DescribeTableCommand).resolves(withIndex('ACTIVE', 'outro'));
    expect((await run(event('Update', props))).Reason).toMatch(/index "lista" keyed otherwise/);
    expect(ddb.commandCalls(UpdateTableCommand)).toEqual([]);
  });

  it('fails the deploy with a message when the index is still being built after 5 minutes', async () => {
    const props: AdoptionProperties = { ...PROPS, Indexes: INDEXES };
    restoredTable();
    ddb.on(DescribeContinuousBackupsCommand).resolves(pitr('ENABLED'));
    ddb.on(DescribeTimeToLiveCommand).resolves(ttl('ENABLED', 'expiresAt'));
    const building = table({
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: [{ IndexName: 'lista', IndexStatus: 'CREATING', KeySchema: [{ AttributeName: 'lpk', KeyType: 'HASH' }, { AttributeName: 'lsk', KeyType: 'RANGE' }] }],
    });
    ddb.on(DescribeTableCommand).resolvesOnce(table({ DeletionProtectionEnabled: true })).resolvesOnce(table({ DeletionProtectionEnabled: true })).resolves(building);
    const res = await handleEvent(event('Update', props), client, { ...options, maxWaitMs: 780_000 });
    expect(res.Status).toBe('FAILED');
    expect(res.Reason).toBe(
      `Table "${NAME}": gave up waiting for the index "lista" to be built after 300 s. DynamoDB goes on building it (a large table takes longer): deploy again in a few minutes.`,
    );
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(INDEX_WAIT_MS);
  });

  it('waits for a table that is still being created or updated', async () => {
    restoredTable();
    ddb.on(DescribeTableCommand).resolvesOnce(table({ TableStatus: 'CREATING' })).resolvesOnce(table({ TableStatus: 'UPDATING' })).resolves(table());
    expect((await run(event('Create'))).Status).toBe('SUCCESS');
    expect(sleeps).toEqual([5_000, 5_000]);
  });

  it('retries PITR while a fresh restore makes continuous backups unavailable, and gives up in time', async () => {
    restoredTable();
    const unavailable = awsError('ContinuousBackupsUnavailableException', 'Backups are being enabled for the table');
    ddb.on(UpdateContinuousBackupsCommand).rejectsOnce(unavailable).rejectsOnce(unavailable).resolves({});
    expect((await run(event('Create'))).Status).toBe('SUCCESS');
    expect(ddb.commandCalls(UpdateContinuousBackupsCommand)).toHaveLength(3);

    ddb.on(UpdateContinuousBackupsCommand).rejects(unavailable);
    const res = await run(event('Create'));
    expect(res.Status).toBe('FAILED');
    expect(res.Reason).toBe(`Table "${NAME}": gave up waiting for point-in-time recovery to become available after 60 s.`);
  });

  it('refuses a table that is being deleted or archived', async () => {
    ddb.on(DescribeTableCommand).resolves(table({ TableStatus: 'DELETING' }));
    expect((await run(event('Create'))).Reason).toBe(`Table "${NAME}" is DELETING: it can't be adopted.`);
  });

  it('reports an unexpected AWS error with its name (e.g. missing permission)', async () => {
    restoredTable();
    ddb.on(UpdateTableCommand).rejects(awsError('AccessDeniedException', 'not authorized to perform: dynamodb:UpdateTable'));
    const res = await run(event('Update'));
    expect(res.Status).toBe('FAILED');
    expect(res.Reason).toBe(`Table "${NAME}": AccessDeniedException: not authorized to perform: dynamodb:UpdateTable`);
  });

  it('does nothing on Delete: the table and its protections stay', async () => {
    const res = await run(event('Delete', PROPS, 'Clientela-Old-Table'));
    expect(res).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'Clientela-Old-Table' });
    expect(ddb.calls()).toEqual([]);
  });

  it('names the resource after the table, so adopting another table replaces it', async () => {
    restoredTable();
    const res = await run(event('Update', { ...PROPS, TableName: 'Clientela-Restored' }, NAME));
    expect(res.PhysicalResourceId).toBe('Clientela-Restored');
  });
});

describe('every deploy runs it', () => {
  afterAll(() => vi.useRealTimers());

  it('the resource carries the synth’s time, so each deploy’s template changes it and CloudFormation sends an Update', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const adoptionAt = (iso: string) => {
      vi.setSystemTime(new Date(iso));
      const s = synth({ existingTableName: NAME });
      s.remove();
      const [, adoption] = only(resourcesOfType(s.template, TABLE_ADOPTION_TYPE));
      return adoption.Properties!;
    };
    const first = adoptionAt('2026-05-01T12:00:00.000Z');
    const next = adoptionAt('2026-05-02T08:30:00.000Z');
    expect(first.SynthesizedAt).toBe('2026-05-01T12:00:00.000Z');
    expect(next.SynthesizedAt).toBe('2026-05-02T08:30:00.000Z');
    // Only that property changes: the same table, the same resource (an Update, not a replacement).
    const { SynthesizedAt: _a, ServiceToken: _b, ...same } = first;
    expect(next).toMatchObject(same);
  });
});

describe('the bundled handler (as deployed)', () => {
  const tmp = tempDir('clientela-adopt-');
  afterAll(() => tmp.remove());

  it('bundles to one small ESM file that uses the runtime’s SDK, and answers CloudFormation by PUT', async () => {
    // Only this construct, bundled by the real esbuild.
    const app = new App({ outdir: path.join(tmp.dir, 'cdk.out') });
    const stack = new Stack(app, 'AdoptionOnly');
    const adoption = new TableAdoption(stack, 'Adoption', {
      table: Table.fromTableName(stack, 'Table', NAME),
      logRetention: RetentionDays.ONE_MONTH,
      synthesizedAt: PROPS.SynthesizedAt,
    });
    const assembly = app.synth();
    const template = assembly.getStackByName('AdoptionOnly').template as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };
    const fnId = stack.getLogicalId(adoption.handler.node.defaultChild as never);
    const s3Key = (template.Resources[fnId]!.Properties.Code as { S3Key: string }).S3Key.replace(/\.zip$/, '');
    const folder = path.join(assembly.directory, `asset.${s3Key}`);
    expect(fs.readdirSync(folder)).toEqual(['index.mjs']);
    const file = path.join(folder, 'index.mjs');
    const code = fs.readFileSync(file, 'utf8');
    console.log(`adoption handler bundle: ${(code.length / 1024).toFixed(1)} KB`);
    expect(code.length).toBeLessThan(20 * 1024);
    const imports = [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(['module', '@aws-sdk/client-dynamodb']));

    // The runtime provides @aws-sdk/*: here, the project's (the same module the mock patches).
    fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(folder, 'node_modules'));
    const bundled = (await import(pathToFileURL(file).href)) as { handler: (e: CloudFormationCustomResourceEvent, c: Context) => Promise<void> };

    const received: { method?: string; contentType?: string; body: CloudFormationResponse }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method, contentType: req.headers['content-type'], body: JSON.parse(body) as CloudFormationResponse });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const responseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/presigned?X-Amz-Signature=abc`;
    const context = { getRemainingTimeInMillis: () => 300_000 } as Context;
    try {
      ddb.on(DescribeTableCommand).rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} }));
      await bundled.handler({ ...event('Create'), ResponseURL: responseUrl }, context);
      restoredTable();
      await bundled.handler({ ...event('Update'), ResponseURL: responseUrl }, context);
    } finally {
      server.close();
    }
    expect(received.map((r) => [r.method, r.contentType, r.body.Status])).toEqual([
      ['PUT', '', 'FAILED'],
      ['PUT', '', 'SUCCESS'],
    ]);
    expect(received[0]!.body.Reason).toMatch(/does not exist in this account and region/);
  });
});
