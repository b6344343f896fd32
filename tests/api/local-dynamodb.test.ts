/**
 * DynamoDB Local as the laptop runs it: data on disk survives a restart, a held port is refused,
 * the JVM never outlives its parent, even one killed with SIGKILL, and a table from before the
 * list index gets it and its clients' index items at the next start.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isAlive, localClientConfig, startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb.ts';
import { ensureTable } from '../../infra/local/table.ts';
import { clienteItem } from '../../lambdas/store/items.ts';
import { indexItemsOf } from '../../lambdas/store/listas.ts';
import { MARSHALL_OPTIONS, TABLE_INDEXES } from '../../lambdas/store/table.ts';
import { runMigrations } from '../../tools/migrate.ts';
import { pidsOfRun, RUN_ID_VARIABLE } from '../support/processes.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Resolves once `check` is true, polling; fails after `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}

async function started(options: Parameters<typeof startDynamoLocal>[0]): Promise<DynamoLocal> {
  const d = await startDynamoLocal(options);
  cleanups.push(() => d.stop());
  return d;
}

describe('DynamoDB Local', () => {
  it('keeps data on disk across a restart when DATA_DIR is a folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'clientela-ddb-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

    const first = await startDynamoLocal({ dataDir: dir });
    const c1 = new DynamoDBClient(localClientConfig(first.endpoint));
    expect(await ensureTable(c1, 'clientela')).toBe(true);
    await DynamoDBDocumentClient.from(c1).send(
      new PutCommand({ TableName: 'clientela', Item: { pk: 'CATEGORIA', sk: 1, descricao: 'Varejo' } }),
    );
    c1.destroy();
    await first.stop();
    await first.stop(); // idempotent
    expect(isAlive(first.javaPid)).toBe(false);
    await expect(fetch(first.endpoint)).rejects.toThrow();

    const second = await started({ dataDir: dir });
    const c2 = new DynamoDBClient(localClientConfig(second.endpoint));
    cleanups.push(() => c2.destroy());
    expect(await ensureTable(c2, 'clientela')).toBe(false);
    const got = await DynamoDBDocumentClient.from(c2).send(
      new GetCommand({ TableName: 'clientela', Key: { pk: 'CATEGORIA', sk: 1 }, ConsistentRead: true }),
    );
    expect(got.Item).toEqual({ pk: 'CATEGORIA', sk: 1, descricao: 'Varejo' });
  }, 90_000); // two JVM starts on disk: beside the whole suite on 2 cores they took over 30 s

  it('a JVM a test starts is known as this run’s, so the teardown can prove none survives', async () => {
    const d = await started({ dataDir: 'memory' });
    expect(pidsOfRun(process.env[RUN_ID_VARIABLE]!, 'java')).toContain(d.javaPid);
    await d.stop();
    expect(pidsOfRun(process.env[RUN_ID_VARIABLE]!, 'java')).not.toContain(d.javaPid);
  });

  it('refuses a port another process holds, and leaves no JVM behind', async () => {
    const holder = net.createServer((s) => s.end());
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => holder.close(() => r())));
    const port = (holder.address() as net.AddressInfo).port;

    await expect(startDynamoLocal({ port })).rejects.toThrow(`Port ${port} is already in use`);
  });

  it('refuses the port of a running DynamoDB Local instead of silently sharing it', async () => {
    const shared = new URL(inject('dynamoEndpoint'));
    await expect(startDynamoLocal({ port: Number(shared.port) })).rejects.toThrow(/already in use/);
  });

  it('stops the JVM when its parent process is killed with SIGKILL', async () => {
    const script = fileURLToPath(new URL('../support/fixtures/start-dynamo-child.ts', import.meta.url));
    const parent = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    cleanups.push(() => {
      if (parent.exitCode === null) parent.kill('SIGKILL');
    });
    const info = await new Promise<{ javaPid: number; wrapperPid: number; port: number }>((resolve, reject) => {
      let buf = '';
      parent.stdout!.on('data', (c: Buffer) => {
        buf += c.toString();
        const line = buf.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
    });
    cleanups.push(() => {
      // Belt and braces: never leave a JVM even when the assertion below fails.
      if (isAlive(info.javaPid)) process.kill(info.javaPid, 'SIGKILL');
    });
    expect(isAlive(info.javaPid)).toBe(true);
    const answered = await fetch(`http://127.0.0.1:${info.port}`).then(() => true, () => false);
    expect(answered).toBe(true);

    parent.kill('SIGKILL');
    // The watcher TERMs java as soon as the pipe closes; then its wrapper exits too.
    await eventually(() => !isAlive(info.javaPid) && !isAlive(info.wrapperPid), 10_000);
    expect(isAlive(info.javaPid)).toBe(false);
    expect(isAlive(info.wrapperPid)).toBe(false);
  });
});

describe('a .data table from before the list index', () => {
  it('gets the index (waited for until ACTIVE) and its clients’ index items at the next start', async () => {
    const client = new DynamoDBClient(localClientConfig(inject('dynamoEndpoint')));
    const doc = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });
    const tableName = `antiga-${Date.now().toString(36)}`;
    cleanups.push(async () => {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      client.destroy();
    });
    // The shape the first releases created: the key only, no index.
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'N' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    const cliente = { id: 7, nome: 'Padaria Antiga', segmento: '', pontoFocal: '', valorContrato: 12000, categoriaId: null, versao: 3, historico: 0 };
    await doc.send(new PutCommand({ TableName: tableName, Item: clienteItem(cliente) }));

    const lines: string[] = [];
    expect(await ensureTable(client, tableName, (l) => lines.push(l))).toBe(false);
    const table = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table!;
    expect(table.GlobalSecondaryIndexes?.map((g) => [g.IndexName, g.IndexStatus])).toEqual(TABLE_INDEXES.map((i) => [i.name, 'ACTIVE']));
    expect(lines).toEqual([`Adding the index "lista" to table "${tableName}"…`]);
    // Again: nothing to add.
    expect(await ensureTable(client, tableName, (l) => lines.push(l))).toBe(false);
    expect(lines).toHaveLength(1);

    const done = await runMigrations({ doc, tableName }, () => {});
    expect(done).toEqual({ feitos: 1, total: 1, concluida: true });
    const found = await doc.send(
      new QueryCommand({ TableName: tableName, IndexName: 'lista', KeyConditionExpression: 'lpk = :p AND begins_with(lsk, :w)', ExpressionAttributeValues: { ':p': 'B', ':w': 'antiga' } }),
    );
    expect(found.Items?.map((i) => i.lsk)).toEqual([`antiga\u0001${String(7).padStart(16, '0')}`]);
    expect([...indexItemsOf(cliente).keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 21]);
  });
});
