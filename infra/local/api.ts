/**
 * `npm run api`: the API alone on http://127.0.0.1:${PORT:-3000}/api, backed by DynamoDB Local
 * (data in ${DATA_DIR:-.data}, or DATA_DIR=memory) or by DYNAMODB_ENDPOINT, with cognito-local
 * for sign-in (AUTH=off: none). It also serves /config.json and the /cognito/ proxy. Ctrl-C /
 * SIGTERM stop the server, cognito-local and the JVM.
 */
import { describeIdentity } from './user-pool.ts';
import { assertPortAvailable, readLocalSettings, startLocalRuntime } from './runtime.ts';
import { isLoopback } from './host-check.ts';
import { startLocalApi } from './server.ts';

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a TCP port number, got "${process.env.PORT}".`);
  process.exit(1);
}
const host = process.env.HOST || '127.0.0.1';
const settings = readLocalSettings();

let shuttingDown = false;
const local = await assertPortAvailable(port, host, 'npm run api', settings)
  .then(() => startLocalRuntime(settings, { command: 'npm run api' }))
  .catch((err: Error) => {
    // One line with the way out for a setup problem (taken port, DATA_DIR in use, no Java).
    console.error(err.message);
    process.exit(1);
  });

let api: Awaited<ReturnType<typeof startLocalApi>>;
try {
  api = await startLocalApi({ port, host, auth: { identity: local.identity } });
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  // Taken between the check and now.
  console.error(e.code === 'EADDRINUSE' ? `Port ${port} is already in use: run with another PORT (\`PORT=… npm run api\`).` : e.message);
  await local.stop();
  process.exit(1);
}

async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`\n${signal}: stopping the API${local.identity ? ', cognito-local' : ''} and DynamoDB Local…`);
  await api.close().catch(() => undefined);
  await local.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

local.setUrl(api.url);
if (local.identity && !isLoopback(host)) {
  console.warn(`Warning: HOST=${host} lets other machines reach this server and its sign-in (the local pool is for development, not for people's data): use it only on a network you trust.`);
}
const { db } = local;
// One write, so whoever waits for the URL line sees the details too.
console.log(
  `Clientela API ready at ${api.url}\n` +
    `  table "${db.tableName}"${db.created ? ' (created)' : ''}, data: ${db.where}\n` +
    `${describeIdentity(local.identity).map((l) => `  ${l}`).join('\n')}\n` +
    '  Ctrl-C stops it.',
);
