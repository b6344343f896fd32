/**
 * Helpers of the infra tests: synthesize the real app (infra/app.ts with cdk.json's context and
 * the cdk-nag packs) into a temporary folder, and read what came out.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { expect } from 'vitest';
import { buildApp, PROJECT_ROOT } from '../../infra/app.ts';
import { OPEN_ACCESS_ACKNOWLEDGEMENT, SETTING_KEYS } from '../../infra/settings.ts';
import { ROUTE_TAG } from '../../infra/constructs/api.ts';
import { JOB_TAG } from '../../infra/constructs/jobs.ts';
import type { ClientelaStack, ClientelaStackProps } from '../../infra/clientela-stack.ts';
import type { RouteDef } from '../../lambdas/routes.ts';

/** The `context` block of cdk.json, as `cdk synth` passes it to the app. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return cdkJson.context;
}

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A small stand-in for `npm run build`'s web/dist (index.html, a hashed chunk, a root file), so
 * the infra tests don't depend on the web build.
 */
export function fakeWebDist(root: string): string {
  const dist = path.join(root, 'web-dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("clientela");\n');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

export interface Synthesized {
  readonly stack: ClientelaStack;
  readonly template: Template;
  /** The cloud assembly folder (removed by `remove`). */
  readonly outdir: string;
  /** Unacknowledged cdk-nag findings (`severity rule path`) from `validation-report.json`. */
  readonly findings: string[];
  readonly remove: () => void;
}

interface ValidationReport {
  pluginReports: {
    violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

/** The findings listed in a cloud assembly's validation-report.json (none if absent). */
export function validationFindings(outdir: string): string[] {
  const file = path.join(outdir, 'validation-report.json');
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as ValidationReport;
  return report.pluginReports.flatMap((p) =>
    p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} ${c.constructPath}`)),
  );
}

/**
 * Splits what a test gives into the settings file's content (keys of infra/settings.ts) and the
 * rest of the context. A test that turns sign-in off writes the open mode's second key too,
 * unless it sets `openAccess` itself (`undefined`: leave it out).
 */
export function settingsAndContext(given: Record<string, unknown>): { settings: Record<string, unknown>; context: Record<string, unknown> } {
  const settings: Record<string, unknown> = {};
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) (SETTING_KEYS.includes(key) ? settings : context)[key] = value;
  if (settings.auth === 'off' && !('openAccess' in given)) settings.openAccess = OPEN_ACCESS_ACKNOWLEDGEMENT;
  for (const key of Object.keys(settings)) if (settings[key] === undefined) delete settings[key];
  return { settings, context };
}

/**
 * Synthesizes the app (infra/app.ts's buildApp: the stack plus the cdk-nag plugins) with
 * `given` as the settings file (its setting keys) and cdk.json's context plus the rest, a fake
 * web/dist, and (unless `bundle`) esbuild bundling skipped, into a temporary folder. `cli` is
 * context as `-c` gives it. cdk-nag findings fail the synth; they are returned (with
 * the template, written before validation) so a test can list them. `tamper` may add
 * constructs before synthesis; `overrides` replace stack props (e.g. a test route table). Call
 * `remove` when done.
 */
export function synth(
  given: Record<string, unknown> = {},
  options: {
    bundle?: boolean;
    tamper?: (stack: ClientelaStack) => void;
    overrides?: Partial<ClientelaStackProps>;
    cli?: Record<string, unknown>;
  } = {},
): Synthesized & { error: unknown } {
  const tmp = tempDir('clientela-synth-');
  const outdir = path.join(tmp.dir, 'cdk.out');
  try {
    const { settings, context } = settingsAndContext(given);
    const { app, stack } = buildApp(
      {
        outdir,
        context: {
          ...cdkJsonContext(),
          webDist: fakeWebDist(tmp.dir),
          ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
          ...context,
          ...options.cli,
        },
      },
      options.overrides,
      settings,
    );
    options.tamper?.(stack);
    let error: unknown;
    try {
      app.synth();
    } catch (err) {
      error = err;
    }
    const findings = validationFindings(outdir);
    if (error !== undefined && findings.length === 0) throw error;
    const template = Template.fromJSON(
      JSON.parse(fs.readFileSync(path.join(outdir, `${stack.artifactId}.template.json`), 'utf8')) as Record<string, unknown>,
    );
    return { stack, template, outdir, findings, error, remove: tmp.remove };
  } catch (err) {
    tmp.remove();
    throw err;
  }
}

/** Synthesizes (bundling skipped) and removes the temporary folder: the template and the findings. */
export function synthTemplate(
  context: Record<string, unknown> = {},
  overrides?: Partial<ClientelaStackProps>,
): { template: Template; findings: string[] } {
  const result = synth(context, { overrides });
  result.remove();
  return { template: result.template, findings: result.findings };
}

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [k: string]: unknown }>;

/** The one resource of these (its logical id and itself); fails the test when there are more or none. */
export function only(resources: Resources): [string, Resources[string]] {
  const entries = Object.entries(resources);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

/** The resources of one CloudFormation type, by logical id. */
export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The app's own functions (CDK helper functions have no TABLE_NAME), by logical id. */
export function appFunctions(template: Template): Resources {
  return Object.fromEntries(Object.entries(tableFunctions(template)).filter(([, r]) => tagOf(r, ROUTE_TAG) !== undefined));
}

/** The scheduled functions (lambdas/routes.ts `jobs`): they use the table too, but serve no route. */
export function jobFunctions(template: Template): Resources {
  return Object.fromEntries(Object.entries(tableFunctions(template)).filter(([, r]) => tagOf(r, JOB_TAG) !== undefined));
}

/** Every function that reaches the table (TABLE_NAME): the route functions and the jobs. */
function tableFunctions(template: Template): Resources {
  const all = resourcesOfType(template, 'AWS::Lambda::Function');
  return Object.fromEntries(
    Object.entries(all).filter(([, r]) => {
      const env = (r.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
      return env !== undefined && 'TABLE_NAME' in env;
    }),
  );
}

const tagOf = (fn: Resources[string], key: string): string | undefined =>
  ((fn.Properties?.Tags ?? []) as { Key: string; Value: string }[]).find((t) => t.Key === key)?.Value;

/** The job a scheduled function runs (its `clientela:job` tag). */
export function jobNameOf(fn: Resources[string]): string {
  const name = tagOf(fn, JOB_TAG);
  if (!name) throw new Error('job function without its clientela:job tag');
  return name;
}

/** The route name an app function serves (its `clientela:route` tag). */
export function routeNameOf(fn: Resources[string]): string {
  const tags = (fn.Properties?.Tags ?? []) as { Key: string; Value: string }[];
  const tag = tags.find((t) => t.Key === 'clientela:route');
  if (!tag) throw new Error('app function without its clientela:route tag');
  return tag.Value;
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** Every statement of the IAM policies attached to `roleLogicalId`. */
export function roleStatements(template: Template, roleLogicalId: string): Statement[] {
  const policies = resourcesOfType(template, 'AWS::IAM::Policy');
  const statements: Statement[] = [];
  for (const policy of Object.values(policies)) {
    const roles = (policy.Properties?.Roles ?? []) as { Ref?: string }[];
    if (!roles.some((r) => r.Ref === roleLogicalId)) continue;
    const doc = policy.Properties?.PolicyDocument as { Statement: Statement[] };
    statements.push(...doc.Statement);
  }
  const role = resourcesOfType(template, 'AWS::IAM::Role')[roleLogicalId];
  for (const inline of (role?.Properties?.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]) {
    statements.push(...inline.PolicyDocument.Statement);
  }
  return statements;
}

/** The actions of a statement as a list. */
export function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** The DynamoDB actions granted to a function's role. */
export function dynamoActionsOf(template: Template, fn: Resources[string]): string[] {
  const roleId = (fn.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return roleStatements(template, roleId)
    .flatMap(actionsOf)
    .filter((a) => a.startsWith('dynamodb:'))
    .sort();
}

/** The fixture handlers (tests/support/fixtures/handlers), for a stack built from a test route table. */
export const FIXTURE_HANDLERS_DIR = path.join(PROJECT_ROOT, 'tests', 'support', 'fixtures', 'handlers');

const fixtureRow = (method: RouteDef['method'], routePath: string, name: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  routeKey: `${method} ${routePath}`,
  method,
  path: routePath,
  handler: 'fixture/echo',
  name,
  actions: [],
  ...extra,
});

/**
 * A route table with users routes (rows naming the Cognito actions they call), a plain data
 * route, a row with an empty action list and the catch-all, all served by the echo fixture.
 */
export const USERS_TEST_ROUTES: readonly RouteDef[] = [
  fixtureRow('GET', '/categorias', 'ListCategorias', { actions: ['dynamodb:Query'] }),
  fixtureRow('GET', '/usuarios', 'ListUsuarios', { userPoolActions: ['cognito-idp:ListUsers', 'cognito-idp:ListUsersInGroup'] }),
  fixtureRow('POST', '/usuarios', 'InviteUsuario', {
    userPoolActions: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup'],
  }),
  fixtureRow('DELETE', '/usuarios/{email}', 'RemoveUsuario', { userPoolActions: ['cognito-idp:AdminDeleteUser'] }),
  fixtureRow('GET', '/sobre', 'Sobre', { userPoolActions: [] }),
  { routeKey: '$default', method: 'ANY', path: '/{proxy+}', handler: 'fixture/echo', name: 'Fallback', actions: [] },
];

/** Stack props that build the stack from {@link USERS_TEST_ROUTES}. */
export const USERS_TEST_OVERRIDES: Partial<ClientelaStackProps> = { routes: USERS_TEST_ROUTES, jobs: [], handlersDir: FIXTURE_HANDLERS_DIR };

/**
 * A CloudFormation value as text, with pseudo parameters given (`AWS::Region`) and other
 * references written `${LogicalId}` / `${LogicalId.Attribute}`: `Fn::Join` of the template reads
 * like the string it becomes.
 */
export function renderValue(value: unknown, pseudo: Record<string, string> = { 'AWS::Region': 'sa-east-1' }): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if (typeof v.Ref === 'string') return pseudo[v.Ref] ?? `\${${v.Ref}}`;
  if (Array.isArray(v['Fn::GetAtt'])) return `\${${(v['Fn::GetAtt'] as string[]).join('.')}}`;
  if (Array.isArray(v['Fn::Join'])) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => renderValue(p, pseudo)).join(separator);
  }
  throw new Error(`renderValue: unsupported ${JSON.stringify(value)}`);
}

/**
 * The `/config.json` the site's root deployment writes: the jsonData asset of the cloud assembly
 * with its deploy-time markers rendered by {@link renderValue}.
 */
export function deployedWebConfig(result: Synthesized): unknown {
  const deployments = Object.values(resourcesOfType(result.template, 'Custom::CDKBucketDeployment'));
  const root = deployments.find((d) => d.Properties!.DestinationBucketKeyPrefix === undefined)!;
  const keys = root.Properties!.SourceObjectKeys as string[];
  const markers = (root.Properties!.SourceMarkers ?? []) as Record<string, unknown>[];
  const manifest = JSON.parse(fs.readFileSync(path.join(result.outdir, `${result.stack.artifactId}.assets.json`), 'utf8')) as {
    files: Record<string, { source: { path: string } }>;
  };
  const found: unknown[] = [];
  keys.forEach((key, i) => {
    const file = path.resolve(result.outdir, manifest.files[key.replace(/\.zip$/, '')]!.source.path, 'config.json');
    if (!fs.existsSync(file)) return;
    let text = fs.readFileSync(file, 'utf8');
    for (const [marker, value] of Object.entries(markers[i] ?? {})) text = text.replaceAll(marker, renderValue(value));
    found.push(JSON.parse(text));
  });
  if (found.length !== 1) throw new Error(`expected one config.json source in the root deployment, found ${found.length}`);
  return found[0];
}

/** Every acknowledgement in the tree: [construct path, rule id, reason]. */
export function acknowledgements(root: IConstruct): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const c of root.node.findAll()) {
    for (const entry of c.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.push([c.node.path, id.replace(/^annotation::/i, ''), reason]);
      }
    }
  }
  return found;
}

