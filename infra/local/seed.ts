/**
 * `npm run seed -- --categorias N --clientes M [--demo]`: fills the local database quickly (batch
 * writes in the storage format, tools/seed.ts) for demos, tests and benchmarks. Uses
 * the same DATA_DIR / TABLE_NAME / DYNAMODB_ENDPOINT as `npm run api`.
 */
import { parseArgs } from 'node:util';
import { progressLine } from '../../tools/progress.ts';
import { seedDatabase, seedDemo } from '../../tools/seed.ts';
import { DataDirBusyError, readLocalSettings, startLocalDatabase } from './runtime.ts';

const USAGE = 'Usage: npm run seed -- --categorias N --clientes M   (or --demo for the small demo set)';

function count(name: string, raw: string | undefined): number {
  if (raw === undefined) return 0;
  if (!/^\d+$/.test(raw)) {
    console.error(`--${name} must be a whole number, got "${raw}".\n${USAGE}`);
    process.exit(2);
  }
  return Number(raw);
}

let args;
try {
  args = parseArgs({
    options: {
      categorias: { type: 'string' },
      clientes: { type: 'string' },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const categorias = count('categorias', args.categorias);
const clientes = count('clientes', args.clientes);
if (!args.demo && categorias + clientes === 0) {
  console.error(`Nothing to seed.\n${USAGE}`);
  process.exit(2);
}

const settings = readLocalSettings();
const db = await startLocalDatabase(settings, { command: 'npm run seed' }).catch((err: Error) => {
  if (err instanceof DataDirBusyError && err.holder.endpoint) {
    const { holder } = err;
    console.error(
      `The database in ${err.dataDir} is in use by \`${holder.command}\`${holder.url ? ` at ${holder.url}` : ''} (pid ${holder.pid}). ` +
        'Seed through it instead (it adds to what is there):\n' +
        `  DYNAMODB_ENDPOINT=${holder.endpoint} TABLE_NAME=${settings.tableName} npm run seed -- ${process.argv.slice(2).join(' ')}`,
    );
  } else {
    console.error(err.message);
  }
  process.exit(1);
});

try {
  const started = Date.now();
  // Progress every 2 s: done, rate, time left (a large seed takes minutes).
  let shown = 0;
  const result = args.demo
    ? await seedDemo(db)
    : await seedDatabase(db, { categorias, clientes }, {
        onProgress: (p) => {
          if (Date.now() - shown < 2_000 && p.feitos < p.total) return;
          shown = Date.now();
          console.log(`  ${progressLine(p, started)}`);
        },
      });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${result.categorias} categorias and ${result.clientes} clientes into "${db.tableName}" ` +
      `(${db.where}) in ${seconds} s.`,
  );
} catch (err) {
  console.error(`Seeding failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.stop();
}
