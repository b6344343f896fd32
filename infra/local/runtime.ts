/**
 * The laptop's database and user pool, as `npm run api`, `npm run seed` and `npm start` share
 * them: settings from the environment, DynamoDB Local started (or an external endpoint used), the
 * table ensured, cognito-local started (unless AUTH=off), the handlers' environment set, and a
 * lock so two processes never open one on-disk DATA_DIR.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClientOver, dynamoClientFromEnv } from '../../lambdas/store/client.ts';
import { runMigrations } from '../../tools/migrate.ts';
import { seedDemo } from '../../tools/seed.ts';
import { startLocalJobs } from './jobs.ts';
import { AUTH_ENV_NAMES, localAuthEnv, startLocalCognito, type LocalIdentity } from './user-pool.ts';
import { isAlive, JavaMissingError, localDynamoEnv, startDynamoLocal } from './dynamodb.ts';
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
  /** Sign-in: `cognito` (default: cognito-local is started) or `off` (AUTH=off, the spec's open mode). */
  auth: 'cognito' | 'off';
}

/** Reads DATA_DIR (default `.data`, `memory` for RAM), TABLE_NAME, DYNAMODB_ENDPOINT, SEED and AUTH. */
export function readLocalSettings(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): LocalSettings {
  const rawDir = env.DATA_DIR?.trim() || '.data';
  return {
    dataDir: rawDir === 'memory' ? 'memory' : path.resolve(cwd, rawDir),
    tableName: env.TABLE_NAME?.trim() || 'clientela',
    externalEndpoint: env.DYNAMODB_ENDPOINT?.trim() || undefined,
    seed: !/^(false|0|no|off)$/i.test(env.SEED?.trim() ?? ''),
    // Anything but an explicit "off" keeps sign-in on: a typo must not open the data.
    auth: /^(false|0|no|off)$/i.test(env.AUTH?.trim() ?? '') ? 'off' : 'cognito',
  };
}

// ---------------------------------------------------------------------------------------------
// Start-up problems the user solves from the message alone

/**
 * A start-up problem whose message is one line that names the way out (another PORT,
 * DATA_DIR=memory, the URL of the instance already running): commands print it without a stack
 * trace.
 */
export class LocalSetupError extends Error {
  override name = 'LocalSetupError';
}

/** Whether `err` is such a problem (also DynamoDB Local's "no Java" one). */
export function isLocalSetupError(err: unknown): err is Error {
  return err instanceof LocalSetupError || err instanceof JavaMissingError;
}

/** True when this process could listen on `port` at `host` (undefined: every interface). */
function canListen(port: number, host: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/**
 * Refuses a taken port before anything starts, with the way out: the running Clientela's URL when
 * it is the one holding it (known from the DATA_DIR lock), else a free port to use instead.
 */
export async function assertPortAvailable(
  port: number,
  host: string | undefined,
  command: string,
  settings: LocalSettings,
): Promise<void> {
  if (await canListen(port, host)) return;
  const holder = settings.dataDir === 'memory' ? undefined : readLiveLock(settings.dataDir);
  if (holder?.url && new URL(holder.url).port === String(port)) {
    throw new LocalSetupError(
      `Clientela is already running at ${holder.url} (\`${holder.command}\`, pid ${holder.pid}): use that one, or stop it first.`,
    );
  }
  let free: number | undefined;
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65535) && free === undefined; candidate++) {
    if (await canListen(candidate, host)) free = candidate;
  }
  throw new LocalSetupError(
    `Port ${port} is already in use by another program: ` +
      (free === undefined ? `set PORT to a free port (\`PORT=… ${command}\`)` : `run \`PORT=${free} ${command}\` (${free} is free)`) +
      ', or stop that program.',
  );
}

// ---------------------------------------------------------------------------------------------
// The DATA_DIR lock

const LOCK_FILE = 'clientela.lock';
const DEMO_MARKER = 'demo-seed.json';

interface LockInfo {
  pid: number;
  command: string;
  /** Its DynamoDB Local endpoint. */
  endpoint?: string;
  /** Where it serves the app or the API, once it listens. */
  url?: string;
  startedAt: string;
}

/**
 * Thrown when another live process holds the DATA_DIR lock (two processes must never open one
 * on-disk DynamoDB Local).
 */
export class DataDirBusyError extends LocalSetupError {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
    command: string,
  ) {
    super(
      `The database in ${dataDir} is in use by \`${holder.command}\`${holder.url ? ` at ${holder.url}` : ''} (pid ${holder.pid}): ` +
        `${holder.url ? 'use that one, ' : ''}stop it first, or run \`DATA_DIR=memory ${command}\` for a throwaway database.`,
    );
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
export interface DataDirLock {
  release(): void;
  describe(details: Pick<LockInfo, 'endpoint' | 'url'>): void;
}

/**
 * Whether a local command with these settings locks the DATA_DIR: an on-disk database, or the
 * user pool's folder in it (with DYNAMODB_ENDPOINT the database is elsewhere, the pool is not).
 */
export const locksDataDir = (settings: LocalSettings): boolean =>
  settings.dataDir !== 'memory' && (!settings.externalEndpoint || settings.auth === 'cognito');

/** Refuses, before anything starts, a DATA_DIR another live command holds (the lock's own check, early). */
export function assertDataDirFree(settings: LocalSettings, command: string): void {
  const holder = locksDataDir(settings) ? readLiveLock(settings.dataDir) : undefined;
  if (holder) throw new DataDirBusyError(settings.dataDir, holder, command);
}

export function lockDataDir(dataDir: string, command: string): DataDirLock {
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
      if (holder) throw new DataDirBusyError(dataDir, holder, command);
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
    describe: (details) => {
      Object.assign(info, details);
      writeFileSync(file, JSON.stringify(info));
    },
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
  /** Records where this process serves (in the lock: a second command names it). */
  setUrl(url: string): void;
}

export interface StartDatabaseOptions {
  /** Names the process in the lock (`npm run api`, `npm start`, …). */
  command: string;
  /** Load the demo data when the database is new (and the settings allow it). */
  seedDemoWhenNew?: boolean;
  log?: (line: string) => void;
  /** The DATA_DIR lock, when the caller took it (then the caller releases it too). */
  lock?: DataDirLock;
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
  let setUrl = (_url: string) => undefined as void;
  let where: string;

  if (settings.externalEndpoint) {
    endpoint = settings.externalEndpoint;
    where = endpoint;
  } else {
    const onDisk = settings.dataDir !== 'memory';
    const lock = options.lock ?? (onDisk ? lockDataDir(settings.dataDir, options.command) : undefined);
    if (!options.lock) release = () => lock?.release();
    setUrl = (url) => lock?.describe({ url });
    try {
      const dynamo = await startDynamoLocal({ dataDir: settings.dataDir });
      endpoint = dynamo.endpoint;
      stopDynamo = dynamo.stop;
      lock?.describe({ endpoint });
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

  // Configured as the handlers' store configures its own (from the environment just set); ours,
  // so stop() can destroy it.
  const client = dynamoClientFromEnv();
  const doc = documentClientOver(client);
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
      created = await ensureTable(client, settings.tableName, log);
      // A table from before the list index: its clients get their index items (once, resumable).
      await runMigrations({ doc, tableName: settings.tableName }, log);
      if (options.seedDemoWhenNew && settings.seed) await seedDemoOnce({ doc, tableName: settings.tableName }, settings, created, log);
    }
    return { endpoint, tableName: settings.tableName, created, where, client, doc, stop, setUrl };
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

// ---------------------------------------------------------------------------------------------
// Database and user pool together

/** What `npm start`, `npm run preview` and `npm run api` run beside the app. */
export interface LocalRuntime {
  readonly db: LocalDatabase;
  /** The local user pool; undefined with AUTH=off. */
  readonly identity?: LocalIdentity;
  /** Records where this process serves (in the lock: a second command names it). */
  setUrl(url: string): void;
  /** Stops cognito-local and the database, releases the lock, restores the environment. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the database and, unless AUTH=off, cognito-local (side by side: cognito-local is ready
 * well before the JVM), and points the handlers at both (process.env, see localAuthEnv). One
 * DATA_DIR lock covers both; with DYNAMODB_ENDPOINT it is still taken for the user pool's folder.
 */
export async function startLocalRuntime(settings: LocalSettings, options: StartDatabaseOptions): Promise<LocalRuntime> {
  const log = options.log ?? ((line: string) => console.log(line));
  const auth = settings.auth === 'cognito';
  const lock = locksDataDir(settings) ? lockDataDir(settings.dataDir, options.command) : undefined;
  const [dbResult, identityResult] = await Promise.allSettled([
    startLocalDatabase(settings, { ...options, log, lock }),
    auth ? startLocalCognito({ dataDir: settings.dataDir, log }) : Promise.resolve(undefined),
  ]);
  if (dbResult.status === 'rejected' || identityResult.status === 'rejected') {
    if (dbResult.status === 'fulfilled') await dbResult.value.stop();
    if (identityResult.status === 'fulfilled') await identityResult.value?.stop();
    lock?.release();
    throw dbResult.status === 'rejected' ? dbResult.reason : (identityResult as PromiseRejectedResult).reason;
  }
  const db = dbResult.value;
  const identity = identityResult.value;

  const saved = Object.fromEntries([...AUTH_ENV_NAMES, 'SITE_URL'].map((k) => [k, process.env[k]]));
  for (const k of AUTH_ENV_NAMES) delete process.env[k];
  Object.assign(process.env, localAuthEnv(identity));

  // The scheduled functions (the trash's sweep), as EventBridge runs them in the cloud.
  const scheduled = startLocalJobs({ log });
  let stopped: Promise<void> | undefined;
  return {
    db,
    identity,
    setUrl: (url) => {
      // The links of the morning e-mail (the job runs in this process).
      process.env.SITE_URL = url;
      return lock ? lock.describe({ url }) : db.setUrl(url);
    },
    stop: () =>
      (stopped ??= (async () => {
        await scheduled.stop();
        await Promise.all([identity?.stop(), db.stop()]);
        lock?.release();
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      })()),
  };
}
