/**
 * `npm run api`: the API alone on http://127.0.0.1:${PORT:-3000}/api, backed by DynamoDB Local
 * (data in ${DATA_DIR:-.data}, or DATA_DIR=memory) or by DYNAMODB_ENDPOINT. Ctrl-C / SIGTERM
 * stop the server and the JVM.
 */
import { readLocalSettings, startLocalDatabase } from './runtime.ts';
import { startLocalApi } from './server.ts';

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a TCP port number, got "${process.env.PORT}".`);
  process.exit(1);
}
const host = process.env.HOST || '127.0.0.1';
const settings = readLocalSettings();

let shuttingDown = false;
const db = await startLocalDatabase(settings, { command: 'npm run api' }).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});

let api: Awaited<ReturnType<typeof startLocalApi>>;
try {
  api = await startLocalApi({ port, host });
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  console.error(e.code === 'EADDRINUSE' ? `Port ${port} is already in use: set PORT to another one.` : e.message);
  await db.stop();
  process.exit(1);
}

async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`\n${signal}: stopping the API and DynamoDB Local…`);
  await api.close().catch(() => undefined);
  await db.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

// One write, so whoever waits for the URL line sees the details too.
console.log(
  `Clientela API ready at ${api.url}\n` +
    `  table "${db.tableName}"${db.created ? ' (created)' : ''}, data: ${db.where}\n` +
    '  Ctrl-C stops it.',
);
