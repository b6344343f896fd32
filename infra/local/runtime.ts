/**
 * The laptop's database, as `npm run api`, `npm run seed` and `npm start` share it: settings from
 * the environment, DynamoDB Local started (or an external endpoint used), the table ensured, the
 * handlers' environment set, and a lock so two processes never open one on-disk database.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MARSHALL_OPTIONS } from '../../lambdas/store/table.ts';
import { seedDemo } from '../../tools/seed.ts';
import { isAlive, localClientConfig, localDynamoEnv, startDynamoLocal } from './dynamodb.ts';
import { ensureTable } from './table.ts';

/** Settings of a local run, read from the environment. */
export interface LocalSettings {
  /** Absolute folder of the on-disk database, or `'memory'`. */
  dataDir: string;
  tableName: string;
  /** An existing DynamoDB endpoint to use instead of starting DynamoDB Local. */
  externalEndpoint?: string;
  /** Load the demo data into a newly created database (`SEED=false` turns it off). */
  seed: boolean;
}

/** Reads DATA_DIR (default `.data`, `memory` for RAM), TABLE_NAME, DYNAMODB_ENDPOINT and SEED. */
export function readLocalSettings(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): LocalSettings {
  const rawDir = env.DATA_DIR?.trim() || '.data';
  return {
    dataDir: rawDir === 'memory' ? 'memory' : path.resolve(cwd, rawDir),
    tableName: env.TABLE_NAME?.trim() || 'clientela',
    externalEndpoint: env.DYNAMODB_ENDPOINT?.trim() || undefined,
    seed: !/^(false|0|no|off)$/i.test(env.SEED?.trim() ?? ''),
  };
}

// ---------------------------------------------------------------------------------------------
// The DATA_DIR lock

const LOCK_FILE = 'clientela.lock';
const DEMO_MARKER = 'demo-seed.json';

interface LockInfo {
  pid: number;
  command: string;
  endpoint?: string;
  startedAt: string;
}

/** Thrown when another live process holds the DATA_DIR lock. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The database in ${dataDir} is in use by \`${holder.command}\` (pid ${holder.pid}, since ${holder.startedAt}). ` +
        'Two processes must never open one on-disk DynamoDB Local: stop that process first, ' +
        'or use another DATA_DIR (DATA_DIR=memory for a throwaway database).',
    );
    this.name = 'DataDirBusyError';
  }
}

/** Whether a pid is a Node process (a crashed holder's pid may have been reused); true off Linux. */
function isNodeProcess(pid: number): boolean {
  try {
    return /node/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
  } catch {
    return true;
  }
}

/** Reads the lock of a data dir; undefined when there is none or its holder is gone. */
export function readLiveLock(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockInfo;
    return info.pid !== process.pid && isAlive(info.pid) && isNodeProcess(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of `dataDir` for this process (a stale lock of a dead process is replaced).
 * Returns the release function; the lock is also dropped when the process exits.
 */
export function lockDataDir(dataDir: string, command: string): { release(): void; setEndpoint(e: string): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const info: LockInfo = { pid: process.pid, command, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const holder = readLiveLock(dataDir);
      if (holder) throw new DataDirBusyError(dataDir, holder);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
      if (current.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return {
    release,
    setEndpoint: (endpoint) => writeFileSync(file, JSON.stringify({ ...info, endpoint })),
  };
}

// ---------------------------------------------------------------------------------------------
// The database

export interface LocalDatabase {
  /** The DynamoDB endpoint the handlers use. */
  readonly endpoint: string;
  readonly tableName: string;
  /** True when this start created the table (a new database). */
  readonly created: boolean;
  /** Where the data lives, for messages: a folder, `memory`, or the external endpoint. */
  readonly where: string;
  readonly client: DynamoDBClient;
  readonly doc: DynamoDBDocumentClient;
  /** Stops DynamoDB Local (when we started it) and releases the lock. Idempotent. */
  stop(): Promise<void>;
}

export interface StartDatabaseOptions {
  /** Names the process in the lock (`npm run api`, `npm start`, …). */
  command: string;
  /** Load the demo data when the database is new (and the settings allow it). */
  seedDemoWhenNew?: boolean;
  log?: (line: string) => void;
}

/**
 * Starts the database a local command needs and points the handlers at it (process.env:
 * DYNAMODB_ENDPOINT, TABLE_NAME, AWS_REGION, fake credentials). With DYNAMODB_ENDPOINT set it
 * only connects: the table is never created there.
 */
export async function startLocalDatabase(settings: LocalSettings, options: StartDatabaseOptions): Promise<LocalDatabase> {
  const log = options.log ?? ((line: string) => console.log(line));
  let endpoint: string;
  let stopDynamo: () => Promise<void> = async () => undefined;
  let release = () => undefined as void;
  let where: string;

  if (settings.externalEndpoint) {
    endpoint = settings.externalEndpoint;
    where = endpoint;
  } else {
    const onDisk = settings.dataDir !== 'memory';
    const lock = onDisk ? lockDataDir(settings.dataDir, options.command) : undefined;
    release = () => lock?.release();
    try {
      const dynamo = await startDynamoLocal({ dataDir: settings.dataDir });
      endpoint = dynamo.endpoint;
      stopDynamo = dynamo.stop;
      lock?.setEndpoint(endpoint);
    } catch (err) {
      release();
      throw err;
    }
    where = onDisk ? settings.dataDir : 'memory';
  }

  // The handlers read these (lambdas/store/client.ts). An external endpoint keeps the
  // credentials of the environment when there are some (it may be a real DynamoDB), like the
  // handlers' store does; otherwise it gets the local fake ones.
  const env = localDynamoEnv(endpoint);
  // Restored by stop(), so a later start in this process reads the user's settings, not ours.
  const saved = Object.fromEntries([...Object.keys(env), 'TABLE_NAME'].map((k) => [k, process.env[k]]));
  const restoreEnv = () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  if (settings.externalEndpoint && process.env.AWS_ACCESS_KEY_ID) {
    process.env.DYNAMODB_ENDPOINT = endpoint;
    process.env.AWS_REGION ||= env.AWS_REGION;
  } else {
    Object.assign(process.env, env);
  }
  process.env.TABLE_NAME = settings.tableName;

  const client = new DynamoDBClient(
    process.env.AWS_ACCESS_KEY_ID === env.AWS_ACCESS_KEY_ID
      ? localClientConfig(endpoint)
      : { endpoint, region: process.env.AWS_REGION },
  );
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      client.destroy();
      await stopDynamo();
      release();
      restoreEnv();
    })());

  try {
    let created = false;
    if (settings.externalEndpoint) {
      try {
        await client.send(new DescribeTableCommand({ TableName: settings.tableName }));
      } catch (err) {
        log(
          `Warning: table "${settings.tableName}" is not reachable at ${endpoint} (${(err as Error).name}). ` +
            'With DYNAMODB_ENDPOINT set the table is never created automatically.',
        );
      }
    } else {
      created = await ensureTable(client, settings.tableName);
      if (options.seedDemoWhenNew && settings.seed) await seedDemoOnce({ doc, tableName: settings.tableName }, settings, created, log);
    }
    return { endpoint, tableName: settings.tableName, created, where, client, doc, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Loads the demo data into a new database once. On disk a marker file remembers it (also an
 * interrupted first seeding, which is then completed on the next start).
 */
async function seedDemoOnce(
  db: { doc: DynamoDBDocumentClient; tableName: string },
  settings: LocalSettings,
  created: boolean,
  log: (line: string) => void,
): Promise<void> {
  const marker = settings.dataDir === 'memory' ? undefined : path.join(settings.dataDir, DEMO_MARKER);
  let state: string | undefined;
  if (marker) {
    try {
      state = (JSON.parse(readFileSync(marker, 'utf8')) as { state?: string }).state;
    } catch {
      state = undefined;
    }
  }
  const due = created ? state !== 'done' : state === 'pending';
  if (!due) return;
  if (marker) writeFileSync(marker, JSON.stringify({ state: 'pending', table: settings.tableName }));
  const result = await seedDemo(db);
  if (marker) {
    writeFileSync(marker, JSON.stringify({ state: 'done', table: settings.tableName, at: new Date().toISOString() }));
  }
  log(`Demo data loaded: ${result.categorias} categorias, ${result.clientes} clientes (SEED=false skips it).`);
}
