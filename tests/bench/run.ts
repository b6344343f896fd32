/**
 * `npm run bench`: measures what users feel (tests/bench/README.md lists the figures), prints a
 * Markdown table (figure | measured | target | pass), writes tests/bench/results/latest.json and
 * exits non-zero when a target is missed. `--only=web,signin,lambda,api,lista,page,csv,view,agenda` runs some sections.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { openBenchDb, type BenchDb } from './lib/db.ts';
import { failedSection, markdownTable, type Figure } from './lib/figures.ts';
import { apiFigures } from './sections/api.ts';
import { listaFigures } from './sections/lista.ts';
import { lambdaFigures } from './sections/lambda.ts';
import { webFigures } from './sections/web.ts';
import { clientsPageFigures } from './sections/clients-page.ts';
import { csvFigures } from './sections/csv.ts';
import { clientsViewFigures } from './sections/clients-view.ts';
import { signedInFigures } from './sections/signed-in.ts';
import { agendaFigures } from './sections/agenda.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const SECTIONS = ['web', 'signin', 'lambda', 'api', 'lista', 'page', 'csv', 'view', 'agenda'] as const;
type Section = (typeof SECTIONS)[number];

const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const selected: readonly Section[] = onlyArg ? (onlyArg.split(',') as Section[]) : SECTIONS;
for (const s of selected) if (!SECTIONS.includes(s)) throw new Error(`unknown section "${s}" (known: ${SECTIONS.join(', ')})`);

const started = Date.now();
const log = (line: string) => process.stderr.write(`› [${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);

const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
  memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  platform: `${os.type()} ${os.release()} ${os.arch()}`,
  /** 1-minute load average when the run started and ended: the machine is shared, read figures with it. */
  loadAverage: { start: Math.round(os.loadavg()[0]! * 100) / 100, end: NaN },
};

const figures: Figure[] = [];
const runSection = async (name: string, fn: () => Promise<Figure[]>) => {
  log(`${name}…`);
  const t = Date.now();
  try {
    figures.push(...(await fn()));
  } catch (err) {
    log(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    figures.push(failedSection(name, err));
  }
  log(`${name} done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
};

mkdirSync(RESULTS, { recursive: true });
let db: BenchDb | undefined;
try {
  log(`DynamoDB Local on the bench's on-disk database…`);
  db = await openBenchDb();
  const theDb = db;
  if (selected.includes('lambda')) await runSection('Lambda', () => lambdaFigures(theDb, log));
  if (selected.includes('api')) await runSection('API', () => apiFigures(theDb, log));
  if (selected.includes('lista')) await runSection('Paged list', () => listaFigures(theDb, log));
  if (selected.includes('web')) await runSection('Web', () => webFigures(theDb, log));
  if (selected.includes('signin')) await runSection('Sign-in on', () => signedInFigures(theDb, log));
  if (selected.includes('page')) await runSection('Clients page', () => clientsPageFigures(theDb, log));
  if (selected.includes('csv')) await runSection('CSV', () => csvFigures(theDb, log));
  if (selected.includes('view')) await runSection('Clients view', () => clientsViewFigures(theDb, log));
  if (selected.includes('agenda')) await runSection('Agenda', () => agendaFigures(theDb, log));
} catch (err) {
  figures.push(failedSection('Setup', err));
  log(`setup failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  await db?.stop();
}

machine.loadAverage.end = Math.round(os.loadavg()[0]! * 100) / 100;
const missed = figures.filter((f) => f.pass === false);
const date = new Date().toISOString();
const table = markdownTable(figures);
writeFileSync(
  `${RESULTS}latest.json`,
  `${JSON.stringify({ date, machine, durationSeconds: Math.round((Date.now() - started) / 1000), sections: selected, pass: missed.length === 0, figures }, null, 2)}\n`,
);
process.stdout.write(
  `\n## Clientela benchmark — ${date}\n\nMachine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB memory, Node ${machine.node}, ${machine.platform}; load average ${machine.loadAverage.start} at the start, ${machine.loadAverage.end} at the end\n\n${table}\n\n`,
);
if (missed.length > 0) {
  process.stdout.write(`${missed.length} target(s) MISSED: ${missed.map((f) => `${f.section}: ${f.name}`).join('; ')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write('Every target met.\n');
}
process.stdout.write(`Results: tests/bench/results/latest.json (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
