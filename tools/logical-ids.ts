/**
 * The logical ids (and types) of the synthesized template under a few settings files, against
 * the list committed in infra/logical-ids.json: a refactor of the infra must leave them identical,
 * or CloudFormation replaces what carries a changed id. `npx tsx tools/logical-ids.ts --write`
 * rewrites the list (only where the ids are meant to change, e.g. a new route or job row);
 * without it, the tool compares and exits 1 on any difference.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, PROJECT_ROOT } from '../infra/app.ts';
import { OPEN_ACCESS_ACKNOWLEDGEMENT } from '../infra/settings.ts';

/** Where the committed list lives. */
export const LOGICAL_IDS_FILE = path.join(PROJECT_ROOT, 'infra', 'logical-ids.json');

/**
 * The settings files whose templates are listed: the defaults, the open mode, and every option
 * that adds or removes resources at once.
 */
export const LISTED_SETTINGS: Readonly<Record<string, Record<string, unknown>>> = {
  default: {},
  'open mode': { auth: 'off', openAccess: OPEN_ACCESS_ACKNOWLEDGEMENT },
  'every option': {
    throttleRateLimit: 7,
    throttleBurstLimit: 9,
    corsOrigins: ['https://app.example.com.br', 'http://localhost:5173'],
    existingTableName: 'Clientela-DataTableFDBAD0F2-1A2B3C4D5E6F',
    domainName: 'clientes.example.com.br',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8877-665544332211',
    alarmEmail: 'ti@example.com.br',
    adminEmail: 'admin@example.com.br',
    sesFromEmail: 'nao-responda@example.com.br',
    memorySize: 1024,
    trashDays: 7,
    allowedCidrs: ['203.0.113.0/24', '2001:db8::/32'],
    budgetByTag: true,
  },
};

/** Logical id → resource type, sorted by id, for each listed settings file. */
export type LogicalIds = Record<string, Record<string, string>>;

/** cdk.json's `context` block, as the CDK CLI passes it to the app. */
function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
}

/** The template's resources (logical id → type) for one settings file, bundling skipped. */
export function logicalIdsOf(settings: Record<string, unknown>): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientela-ids-'));
  try {
    // The web build's content only reaches the bucket's deployment, not any logical id.
    const webDist = path.join(dir, 'web-dist');
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index.js'), '');
    const outdir = path.join(dir, 'cdk.out');
    const { app, stack } = buildApp(
      { outdir, context: { ...cdkJsonContext(), webDist, 'aws:cdk:bundling-stacks': [] } },
      {},
      settings,
    );
    app.synth();
    const template = JSON.parse(fs.readFileSync(path.join(outdir, `${stack.artifactId}.template.json`), 'utf8')) as {
      Resources: Record<string, { Type: string }>;
    };
    return Object.fromEntries(
      Object.entries(template.Resources)
        .map(([id, resource]) => [id, resource.Type] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The ids of every listed settings file, as the current code synthesizes them. */
export function currentLogicalIds(): LogicalIds {
  return Object.fromEntries(Object.entries(LISTED_SETTINGS).map(([name, settings]) => [name, logicalIdsOf(settings)]));
}

/** The committed list. */
export function committedLogicalIds(): LogicalIds {
  return JSON.parse(fs.readFileSync(LOGICAL_IDS_FILE, 'utf8')) as LogicalIds;
}

/** What differs between two lists, one line per id (`+` only in `current`, `-` only in `committed`). */
export function logicalIdDifferences(committed: LogicalIds, current: LogicalIds): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(committed), ...Object.keys(current)])) {
    const before = committed[name] ?? {};
    const after = current[name] ?? {};
    for (const [id, type] of Object.entries(before)) {
      if (after[id] !== type) lines.push(`${name}: - ${id} ${type}`);
    }
    for (const [id, type] of Object.entries(after)) {
      if (before[id] !== type) lines.push(`${name}: + ${id} ${type}`);
    }
  }
  return lines;
}

const isEntry = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  const current = currentLogicalIds();
  if (process.argv.includes('--write')) {
    fs.writeFileSync(LOGICAL_IDS_FILE, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`Wrote ${path.relative(PROJECT_ROOT, LOGICAL_IDS_FILE)}`);
  } else {
    const differences = logicalIdDifferences(committedLogicalIds(), current);
    if (differences.length > 0) {
      console.error(`The template's logical ids differ from ${path.relative(PROJECT_ROOT, LOGICAL_IDS_FILE)}:\n${differences.join('\n')}`);
      process.exit(1);
    }
    console.log('The logical ids are those of the committed list.');
  }
}
