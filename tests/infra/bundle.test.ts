/**
 * The deployable artefact: `cdk synth` through the real CLI (cdk.json → tsx infra/app.ts, real
 * esbuild bundling, no AWS credentials, no Docker) into a temporary folder, then each app
 * function's bundled index.mjs from the cloud assembly is imported in plain Node and called with
 * API Gateway payload v2 events against DynamoDB Local — the exact code Lambda would run.
 *
 * The same run derives the DynamoDB actions each handler really needs: a recording proxy in
 * front of DynamoDB Local notes every operation (a transaction's items as the item actions IAM
 * checks for them) while that handler runs, through success and failure paths; the result must
 * equal the actions of the function's synthesized role exactly. Likewise for the user pool: a
 * recording proxy in front of cognito-local (through the local shim of the calls it lacks) notes
 * every Cognito call of the users functions; it must equal the route table's `userPoolActions`,
 * which the stack grants on the pool's ARN (and nothing when the stack has no pool).
 *
 * The functions run with the environment the template gives them (the origin-verify secret, sign-in
 * on: AUTH_MODE=cognito), each event carrying CloudFront's origin header and the claims API
 * Gateway's JWT authorizer passes for the local administrator's real access token.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT, STACK_NAME } from '../../infra/app.ts';
import { ensureTable } from '../../infra/local/table.ts';
import { createJwtAuthorizer, localAuthorizerConfig, type JwtAuthorizerContext } from '../../infra/local/authorizer.ts';
import { localAuthEnv, readOutbox, startLocalCognito, type LocalIdentity } from '../../infra/local/user-pool.ts';
import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { adminClient, signIn } from '../support/cognito.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { DEFAULT_TIME_ZONE } from '../../lambdas/contract/limits.ts';
import { jobs, matchRoute, ORIGIN_VERIFY, routes, type RouteDef } from '../../lambdas/routes.ts';
import { CLIENT_COUNT, SEM_CATEGORIA_KEY } from '../../lambdas/store/items.ts';
import { MIGRACAO_INDICES_KEY } from '../../lambdas/store/migracao.ts';
import { NAME_CLAIMS_MARKER } from '../../lambdas/store/names.ts';
import { MARSHALL_OPTIONS, PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { actionsOf, appFunctions, dynamoActionsOf, fakeWebDist, jobFunctions, jobNameOf, roleStatements, routeNameOf, tempDir } from './support.ts';

/** The most a function's bundle may weigh (cold start grows with it). */
const MAX_BUNDLE_BYTES = 600 * 1024;

interface Bundle {
  file: string;
  bytes: number;
}

// --- the stand-in for the Lambda runtime: a plain Node process importing the bundles --------
let host: ChildProcess;
let messageId = 0;
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

function startHost(): void {
  host = fork(path.join(PROJECT_ROOT, 'tests', 'infra', 'lambda-host.mjs'), [], { execArgv: [], env: process.env, stdio: 'inherit' });
  host.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: string }) => {
    const waiter = pending.get(m.id);
    pending.delete(m.id);
    if (m.ok) waiter?.resolve(m.result);
    else waiter?.reject(new Error(m.error));
  });
}

function toHost(message: Record<string, unknown>): Promise<unknown> {
  const id = ++messageId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    host.send({ ...message, id });
  });
}

const tmp = tempDir('clientela-bundle-');
const outdir = path.join(tmp.dir, 'cdk.out');
let template: Template;
let assetFolders: Record<string, { source: { path: string } }>;
const bundles = new Map<string, Bundle>();

// --- the recording proxy ---------------------------------------------------------------------
const recorded = new Map<string, Set<string>>([...routes, ...jobs].map((r) => [r.name, new Set<string>()]));
/**
 * Cognito calls a function makes only when an earlier call failed, so the happy path here never
 * shows them: the invitation taken back when the admin role can't be added (seen in
 * tests/api/usuarios.mock.test.ts).
 */
const ONLY_ON_FAILURE: Record<string, string[]> = { InviteUsuario: ['cognito-idp:AdminDeleteUser'] };
const unattributed: string[] = [];
let current: string | undefined;
const proxies: http.Server[] = [];

const TRANSACT_ITEM_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** The IAM actions a DynamoDB API call is authorized by (a transaction: its items' actions). */
function iamActions(operation: string, body: string): string[] {
  if (operation === 'TransactWriteItems') {
    const { TransactItems } = JSON.parse(body) as { TransactItems: Record<string, unknown>[] };
    return TransactItems.map((item) => `dynamodb:${TRANSACT_ITEM_ACTIONS[Object.keys(item)[0]!] ?? `Unknown${Object.keys(item)[0]}`}`);
  }
  if (operation === 'TransactGetItems') return ['dynamodb:GetItem'];
  return [`dynamodb:${operation}`];
}

/** A recording proxy in front of `upstream`: every call's IAM actions go to the route running now. */
function startProxy(upstream: string, actionsOfCall: (operation: string, body: string) => string[] = iamActions): Promise<string> {
  const target = new URL(upstream);
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? `HTTP ${req.method} ${req.url}`;
      const actions = actionsOfCall(operation, body.toString('utf8'));
      if (current) for (const a of actions) recorded.get(current)!.add(a);
      else unattributed.push(...actions);
      const forward = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      forward.on('error', (err) => {
        res.writeHead(502);
        res.end(String(err));
      });
      forward.end(body);
    });
  });
  proxies.push(proxy);
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`));
  });
}

// --- the deployed functions' environment and callers ---------------------------------------------
/** What CloudFront sends in the origin header (Secrets Manager generates 64 letters and digits). */
const ORIGIN_SECRET = 'Bundle0Test0Origin0Secret0Value0Of0Letters0And0Digits0Only0x64xx';

// --- payload v2 events -------------------------------------------------------------------------
let requestCounter = 0;
/** What API Gateway's JWT authorizer passes for the signed-in administrator. */
let authorizer: JwtAuthorizerContext;

/** The API Gateway HTTP API (payload 2.0) event for `METHOD /api<path>`, matched by the route table's own rule. */
function apiEvent(method: string, pathAndQuery: string, body?: unknown, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  // A query string goes where API Gateway puts it (decoded parameters and the raw string).
  const [apiPath, rawQueryString = ''] = pathAndQuery.split('?') as [string, string?];
  const rawPath = `/api${apiPath}`;
  const { route: row, pathParameters } = matchRoute(method, apiPath)!;
  const now = new Date();
  requestCounter += 1;
  return {
    version: '2.0',
    routeKey: row.routeKey,
    rawPath,
    rawQueryString,
    ...(rawQueryString ? { queryStringParameters: Object.fromEntries(new URLSearchParams(rawQueryString)) } : {}),
    headers: {
      host: 'abc123.execute-api.us-east-1.amazonaws.com',
      'user-agent': 'vitest',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'vitest' },
      requestId: `req-${requestCounter}`,
      routeKey: row.routeKey,
      ...{ authorizer },
      stage: 'api',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(pathParameters ? { pathParameters } : {}),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
  };
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/**
 * Calls the bundled handler of route `name` as CloudFront does (with the origin header), and
 * records its DynamoDB calls under that route.
 */
function call(name: string, method: string, apiPath: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
  return invoke(name, apiEvent(method, apiPath, body, { [ORIGIN_VERIFY.header]: ORIGIN_SECRET, ...headers }));
}

/** Runs the bundled scheduled job `name` as EventBridge does (its DynamoDB calls recorded under it). */
async function runJob(name: string): Promise<unknown> {
  expect(jobs.some((j) => j.name === name)).toBe(true);
  current = name;
  try {
    return await toHost({ type: 'invoke', name, event: { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} } });
  } finally {
    current = undefined;
  }
}

/** Calls the bundled handler of route `name` with `event` (its DynamoDB calls recorded under that route). */
async function invoke(name: string, event: APIGatewayProxyEventV2): Promise<Answer> {
  const { method, path: rawPath } = event.requestContext.http;
  expect(routes.find((r) => r.name === name)!.routeKey, `${method} ${rawPath}`).toBe(event.routeKey);
  current = name;
  try {
    const result = (await toHost({ type: 'invoke', name, event })) as APIGatewayProxyStructuredResultV2;
    const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64').toString('utf8') : (result.body ?? '');
    // JSON, or the calendar feed's text as it is.
    const json = String(result.headers?.['content-type'] ?? 'application/json').startsWith('application/json');
    return { status: result.statusCode ?? 200, body: text === '' ? undefined : json ? (JSON.parse(text) as unknown) : text, headers: result.headers ?? {} };
  } finally {
    current = undefined;
  }
}

// --- setup ------------------------------------------------------------------------------------
const savedEnv = { ...process.env };
/** The table reached directly (not through the recording proxy), to arrange stored data. */
let direct: DynamoDBDocumentClient;
let table: string;
let identity: LocalIdentity;

beforeAll(async () => {
  // 1. The real CLI, offline: no AWS credentials or profile, no Docker, no network notices.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CDK_DOCKER: 'false',
    AWS_EC2_METADATA_DISABLED: 'true',
    CDK_DISABLE_CLI_TELEMETRY: 'true',
  };
  for (const key of Object.keys(env)) if (key.startsWith('AWS_') && key !== 'AWS_EC2_METADATA_DISABLED') delete env[key];
  const cdk = spawnSync(
    path.join(PROJECT_ROOT, 'node_modules', '.bin', 'cdk'),
    ['synth', '--quiet', '--no-notices', '--output', outdir, '--context', `webDist=${fakeWebDist(tmp.dir)}`],
    { cwd: PROJECT_ROOT, env, encoding: 'utf8', timeout: 280_000 },
  );
  if (cdk.status !== 0) throw new Error(`cdk synth failed (${cdk.status}):\n${cdk.stdout}\n${cdk.stderr}`);

  template = Template.fromJSON(
    JSON.parse(fs.readFileSync(path.join(outdir, `${STACK_NAME}.template.json`), 'utf8')) as Record<string, unknown>,
  );

  // 2. Each app function's bundle, found through the assets manifest (S3 key → asset folder).
  const manifest = JSON.parse(fs.readFileSync(path.join(outdir, `${STACK_NAME}.assets.json`), 'utf8')) as {
    files: Record<string, { source: { path: string } }>;
  };
  assetFolders = manifest.files;
  table = `clientela-bundle-${Date.now()}`;
  const endpoint = inject('dynamoEndpoint');
  Object.assign(process.env, {
    TABLE_NAME: table,
    DYNAMODB_ENDPOINT: await startProxy(endpoint),
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    LOG_LEVEL: 'error',
    [ORIGIN_VERIFY.env]: ORIGIN_SECRET,
    // The trash's days, as the template gives them (stack.test.ts checks the value).
    TRASH_DAYS: '30',
    // The company's zone, as the template gives it by default (the tarefas' day boundaries).
    TIME_ZONE: DEFAULT_TIME_ZONE,
  });
  delete process.env.CORS_ORIGINS;
  // Sign-in on: the local pool, its Cognito calls through a recording proxy (COGNITO_ENDPOINT).
  identity = await startLocalCognito({ dataDir: 'memory', log: () => undefined });
  Object.assign(process.env, localAuthEnv(identity), {
    COGNITO_ENDPOINT: await startProxy(identity.adminEndpoint, (operation) => [`cognito-idp:${operation}`]),
  });
  const tokens = await signIn(identity.endpoint, identity.clientId, identity.admin.email, identity.admin.password, identity.admin.totpSecret);
  // Signed in at cognito-local itself (no local server here), so not in the local ledger: only its claims matter to this test.
  const authorized = await createJwtAuthorizer({ ...localAuthorizerConfig(identity), issued: undefined })(`Bearer ${tokens.AccessToken}`);
  if (!authorized.ok) throw new Error(`the local authorizer refused the administrator: ${authorized.reason}`);
  authorizer = authorized.authorizer;
  startHost();
  const functions = [
    ...Object.values(appFunctions(template)).map((fn) => [routeNameOf(fn), fn] as const),
    ...Object.values(jobFunctions(template)).map((fn) => [jobNameOf(fn), fn] as const),
  ];
  for (const [name, fn] of functions) {
    const key = (fn.Properties!.Code as { S3Key: string }).S3Key.replace(/\.zip$/, '');
    const file = path.join(outdir, manifest.files[key]!.source.path, 'index.mjs');
    await toHost({ type: 'load', name, file });
    bundles.set(name, { file, bytes: fs.statSync(file).size });
  }

  // 3. A fresh table on the run's DynamoDB Local (created directly, not through the proxy).
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, table);
  direct = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL_OPTIONS });
}, 300_000);

afterAll(async () => {
  direct?.destroy();
  if (host && host.exitCode === null) {
    const exited = new Promise((resolve) => host.once('exit', resolve));
    host.disconnect();
    await exited;
  }
  for (const proxy of proxies) {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    proxy.closeAllConnections();
  }
  await identity?.stop();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  tmp.remove();
});

// --- tests ------------------------------------------------------------------------------------
describe('web deployment assets', () => {
  it('ships assets/ in one deployment and the root files (no assets/) and config.json in the other', () => {
    /** The files of each source of a deployment. */
    const files = (id: string) => {
      const deployment = template.findResources('Custom::CDKBucketDeployment')[id]!;
      return (deployment.Properties.SourceObjectKeys as string[]).map((key) => {
        const folder = path.join(outdir, assetFolders[key.replace(/\.zip$/, '')]!.source.path);
        return fs.readdirSync(folder, { recursive: true }).map(String).sort();
      });
    };
    const deployments = Object.entries(template.findResources('Custom::CDKBucketDeployment'));
    const [assetsId] = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'assets/')!;
    const [rootId] = deployments.find(([id]) => id !== assetsId)!;
    expect(files(assetsId)).toEqual([['index-abc123.js']]);
    // The built root files, then the runtime configuration written by the deployment (auth.test.ts).
    expect(files(rootId)).toEqual([['favicon.svg', 'index.html'], ['config.json']]);
  });
});

describe('bundled functions (cdk synth with esbuild)', () => {
  it('has one self-contained ESM bundle per route and per scheduled job, each at most 600 KB', () => {
    expect([...bundles.keys()].sort()).toEqual([...routes, ...jobs].map((r) => r.name).sort());
    const sizes = [...bundles].map(([name, b]) => `${name}: ${(b.bytes / 1024).toFixed(1)} KB`);
    console.log(`bundle sizes (index.mjs, minified, AWS SDK inside):\n${sizes.join('\n')}`);
    for (const [name, b] of bundles) {
      expect(b.bytes, name).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
      const code = fs.readFileSync(b.file, 'utf8');
      // The createRequire banner, and no source map or its comment.
      expect(code.startsWith("import { createRequire } from 'module'; const require = createRequire(import.meta.url);")).toBe(true);
      expect(code).not.toContain('sourceMappingURL');
      // Only Node built-ins are imported: the SDK is inside (the asset folder has no node_modules).
      const imports = [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
      for (const spec of imports) expect(spec, `${name} imports ${spec}`).toMatch(/^(node:)?[a-z_]+(\/[a-z_]+)?$/);
      expect(fs.readdirSync(path.dirname(b.file))).toEqual(['index.mjs']);
    }
  });

  it('keeps the names of functions and classes (readable stack traces in the logs)', () => {
    // Every function and class the lambdas declare by name.
    const declared = new Set<string>();
    for (const file of fs.readdirSync(path.join(PROJECT_ROOT, 'lambdas'), { recursive: true }).map(String)) {
      if (!file.endsWith('.ts')) continue;
      const source = fs.readFileSync(path.join(PROJECT_ROOT, 'lambdas', file), 'utf8');
      for (const m of source.matchAll(/(?:^|\s)(?:async\s+)?(?:function|class)\s+([A-Za-z_$][\w$]*)/g)) declared.add(m[1]!);
    }
    for (const [name, b] of bundles) {
      const code = fs.readFileSync(b.file, 'utf8');
      // esbuild's keepNames helper: `var o=(e,t)=>H(e,"name",{value:t,configurable:!0})`.
      const helper = /var ([\w$]+)=\(([\w$]+),([\w$]+)\)=>[\w$]+\(\2,"name",\{value:\3,configurable:!0\}\)/.exec(code);
      expect(helper, `${name}: no keepNames helper`).not.toBeNull();
      const call = new RegExp(`(?<![\\w$])${helper![1]!.replaceAll('$', '\\$')}\\([\\w$.]+,"([\\w$]+)"\\)`, 'g');
      const kept = new Set([...code.matchAll(call)].map((m) => m[1]!));
      const ours = [...kept].filter((n) => declared.has(n));
      expect(ours.length, `${name}: names of lambdas/ kept`).toBeGreaterThan(3);
    }
  });

  it('takes the SDK credentials from the environment only (Lambda puts them there): no SSO, ini, process or metadata providers inside', () => {
    // Names the SDK's other providers keep in a bundle (keepNames): none may be there.
    const others = ['fromSSO', 'fromIni', 'fromProcess', 'fromTokenFile', 'fromContainerMetadata', 'fromInstanceMetadata', 'validateSsoProfile'];
    for (const [name, b] of bundles) {
      const code = fs.readFileSync(b.file, 'utf8');
      if (name === 'Fallback') continue; // no AWS client at all
      expect(code, `${name}: the environment's provider`).toContain('"fromEnv"');
      for (const other of others) expect(code.includes(`"${other}"`), `${name}: ${other}`).toBe(false);
    }
  });

  it('runs with every variable the template gives the functions (sign-in on: AUTH_MODE=cognito)', () => {
    for (const fn of Object.values(appFunctions(template))) {
      const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of Object.keys(variables)) expect(process.env[name], `${routeNameOf(fn)}: ${name}`).toBeDefined();
      expect(variables.AUTH_MODE).toBe('cognito');
    }
  });

  it('refuses (403) every request that did not come through CloudFront: no origin header, or another value', async () => {
    /** A request each row's route key matches (the catch-all: an unknown path). */
    const requestFor = (row: RouteDef) =>
      row.routeKey === '$default'
        ? { method: 'GET', path: '/nada/aqui' }
        : { method: row.method, path: row.path.replace(/\{\w+\}/g, '1') };
    for (const row of routes) {
      const { method, path: apiPath } = requestFor(row);
      const body = method === 'POST' || method === 'PUT' ? { descricao: 'Por fora', nome: 'Por fora', valorContrato: 1 } : undefined;
      for (const [label, headers] of [
        ['without the header', {}],
        ['with another value', { [ORIGIN_VERIFY.header]: 'outro-valor' }],
        ['with a prefix of it', { [ORIGIN_VERIFY.header]: ORIGIN_SECRET.slice(0, -1) }],
      ] as const) {
        const answer = await invoke(row.name, apiEvent(method, apiPath, body, headers));
        expect(answer, `${row.name} ${label}`).toMatchObject({ status: 403, body: { mensagem: MESSAGES.origemNaoAutorizada } });
      }
      // Refused before the handler's logic: not one DynamoDB call.
      expect(recorded.get(row.name)!.size, row.name).toBe(0);
    }
    // The same request with CloudFront's header is served.
    expect((await call('ListCategorias', 'GET', '/categorias')).status).toBe(200);
  });

  it('serves the API: categories, clients, idempotent creates, conflicts, unique names, 404s, 405', async () => {
    // Categories
    expect(await call('ListCategorias', 'GET', '/categorias')).toMatchObject({ status: 200, body: [] });
    // Two categories stored before name claims existed, alike once folded: the first category
    // write claims the stored names (both ids under one claim); a third can't be created.
    const legacy = (id: number, descricao: string) =>
      direct.send(new PutCommand({ TableName: table, Item: { pk: PARTITION_KEYS.categoria, sk: id, descricao, [CLIENT_COUNT]: 0, versao: 1 } }));
    await legacy(9001, 'Legado');
    await legacy(9002, 'legado ');
    /** Each category-writing function claims the stored names on its first write when the marker is missing. */
    const forgetClaimsMarker = () => direct.send(new DeleteCommand({ TableName: table, Key: NAME_CLAIMS_MARKER }));
    const varejo = await call('CreateCategoria', 'POST', '/categorias', { descricao: 'Varejo' });
    expect(varejo).toMatchObject({ status: 201, body: { descricao: 'Varejo', versao: 1 } });
    const varejoId = (varejo.body as { id: number }).id;
    expect((await call('CreateCategoria', 'POST', '/categorias', {})).status).toBe(400);

    // Idempotent create: same key + body replays, another body is 422.
    const key = { 'idempotency-key': 'bundle-test-key-1' };
    const industria = await call('CreateCategoria', 'POST', '/categorias', { descricao: 'Indústria' }, key);
    expect(industria).toMatchObject({ status: 201, body: { descricao: 'Indústria' } });
    const again = await call('CreateCategoria', 'POST', '/categorias', { descricao: 'Indústria' }, key);
    expect(again).toEqual(expect.objectContaining({ status: 201, body: industria.body }));
    expect((await call('CreateCategoria', 'POST', '/categorias', { descricao: 'Outra' }, key)).status).toBe(422);
    const industriaId = (industria.body as { id: number }).id;

    expect(await call('GetCategoria', 'GET', `/categorias/${varejoId}`)).toMatchObject({ status: 200, body: { id: varejoId } });
    expect((await call('GetCategoria', 'GET', '/categorias/999999')).status).toBe(404);
    expect((await call('GetCategoria', 'GET', '/categorias/abc')).status).toBe(400);
    const listed = await call('ListCategorias', 'GET', '/categorias');
    expect((listed.body as { id: number }[]).map((c) => c.id)).toEqual([varejoId, industriaId, 9001, 9002]);
    expect(await call('CreateCategoria', 'POST', '/categorias', { descricao: 'LEGADO' })).toMatchObject({
      status: 409,
      body: { mensagem: 'Já existe uma categoria chamada “Legado”.', campo: 'descricao' },
    });

    // Optimistic locking on update; a rename claims its new name and frees the old one.
    await forgetClaimsMarker();
    expect(await call('UpdateCategoria', 'PUT', '/categorias', { id: varejoId, descricao: 'Varejo BR', versao: 1 })).toMatchObject({
      status: 200,
      body: { descricao: 'Varejo BR', versao: 2 },
    });
    expect((await call('UpdateCategoria', 'PUT', '/categorias', { id: varejoId, descricao: 'X', versao: 1 })).status).toBe(409);
    expect((await call('UpdateCategoria', 'PUT', '/categorias', { id: 999999, descricao: 'X' })).status).toBe(404);
    expect((await call('UpdateCategoria', 'PUT', '/categorias', { id: industriaId, descricao: 'varejo br' })).status).toBe(409);

    // Clients: in a category (transaction), without one (single put), idempotent, bad category.
    const cliente = await call('CreateProduto', 'POST', '/produtos', {
      nome: 'Padaria Pão Quente',
      segmento: 'Alimentação',
      pontoFocal: 'Ana',
      valorContrato: 1500.5,
      categoria: { id: varejoId },
    });
    expect(cliente).toMatchObject({ status: 201, body: { nome: 'Padaria Pão Quente', categoria: { id: varejoId }, versao: 1 } });
    const clienteId = (cliente.body as { id: number }).id;
    const semCategoria = await call('CreateProduto', 'POST', '/produtos', { nome: 'Avulso', valorContrato: 10, categoria: null });
    expect(semCategoria.status).toBe(201);
    const semCategoriaId = (semCategoria.body as { id: number }).id;
    const pkey = { 'idempotency-key': 'bundle-test-key-2' };
    const first = await call('CreateProduto', 'POST', '/produtos', { nome: 'Loja', valorContrato: 99 }, pkey);
    expect(first.status).toBe(201);
    expect(await call('CreateProduto', 'POST', '/produtos', { nome: 'Loja', valorContrato: 99 }, pkey)).toMatchObject({
      status: 201,
      body: first.body,
    });
    expect((await call('CreateProduto', 'POST', '/produtos', { nome: 'Loja 2', valorContrato: 99 }, pkey)).status).toBe(422);
    const badCategory = { nome: 'Z', valorContrato: 1, categoria: { id: 999999 } };
    expect((await call('CreateProduto', 'POST', '/produtos', badCategory)).status).toBe(400);
    expect((await call('CreateProduto', 'POST', '/produtos', badCategory, { 'idempotency-key': 'bundle-test-key-3' })).status).toBe(400);

    expect(await call('GetProduto', 'GET', `/produtos/${clienteId}`)).toMatchObject({
      status: 200,
      body: { id: clienteId, categoria: { id: varejoId, descricao: 'Varejo BR' } },
    });
    expect((await call('GetProduto', 'GET', '/produtos/999999')).status).toBe(404);
    const clientes = await call('ListProdutos', 'GET', '/produtos');
    expect(clientes.status).toBe(200);
    expect((clientes.body as unknown[]).length).toBe(3);
    expect(await call('ListObservacoes', 'GET', '/observacoes')).toMatchObject({ status: 200, body: { itens: [], cursor: null } });

    // The totals: each client-writing function counts them on its first write when the
    // Sem categoria item (their marker) is missing, as on a table from before them; GET /resumo too.
    const forgetTotalsMarker = () => direct.send(new DeleteCommand({ TableName: table, Key: SEM_CATEGORIA_KEY }));
    await forgetTotalsMarker();
    expect(await call('GetResumo', 'GET', '/resumo')).toMatchObject({ status: 200, body: { clientes: 3, vips: 0, soma: 1609.5 } });
    // The feed the history writes: every write so far, newest first.
    const feed = await call('ListAtividades', 'GET', '/atividades');
    expect(feed.status).toBe(200);
    expect((feed.body as { tipo: string; id: number; acao: string }[]).map((a) => `${a.tipo} ${a.id} ${a.acao}`)).toEqual([
      `produto ${(first.body as { id: number }).id} criado`,
      `produto ${semCategoriaId} criado`,
      `produto ${clienteId} criado`,
      `categoria ${varejoId} alterado`,
      `categoria ${industriaId} criado`,
      `categoria ${varejoId} criado`,
    ]);
    await forgetTotalsMarker();

    // Updates: same category, a move (transaction), out of any category, stale versao, 404, bad category.
    const base = { id: clienteId, nome: 'Padaria Pão Quente', segmento: 'Alimentação', pontoFocal: 'Ana', valorContrato: 1600 };
    expect(await call('UpdateProduto', 'PUT', '/produtos', { ...base, categoria: { id: varejoId }, versao: 1 })).toMatchObject({
      status: 200,
      body: { valorContrato: 1600, versao: 2 },
    });
    expect(await call('UpdateProduto', 'PUT', '/produtos', { ...base, categoria: { id: industriaId } })).toMatchObject({
      status: 200,
      body: { categoria: { id: industriaId }, versao: 3 },
    });
    expect((await call('UpdateProduto', 'PUT', '/produtos', { ...base, categoria: null })).status).toBe(200);
    expect((await call('UpdateProduto', 'PUT', '/produtos', { ...base, categoria: { id: varejoId } })).status).toBe(200);
    expect((await call('UpdateProduto', 'PUT', '/produtos', { ...base, categoria: { id: varejoId }, versao: 1 })).status).toBe(409);
    expect((await call('UpdateProduto', 'PUT', '/produtos', { ...base, id: 999999, categoria: null })).status).toBe(404);
    expect((await call('UpdateProduto', 'PUT', '/produtos', { ...base, categoria: { id: 999999 } })).status).toBe(400);

    // A CSV import: the job, a batch (one row invalid) sent twice under its key, the undo.
    const job = await call('CreateImportacao', 'POST', '/importacoes', { total: 2, arquivo: 'clientes.csv' });
    expect(job).toMatchObject({ status: 201, body: { estado: 'importando', criados: 0 } });
    const jobId = (job.body as { id: number }).id;
    // The job is handed to another member, so the administrator acts on someone else's import: the
    // path that asks the pool (the author's own path never does).
    await direct.send(new UpdateCommand({ TableName: table, Key: { pk: PARTITION_KEYS.importacao, sk: jobId }, UpdateExpression: 'SET autorSub = :s', ExpressionAttributeValues: { ':s': 'outro-membro' } }));
    // Each name-claiming function claims the stored names on its first write when the marker is missing.
    await forgetClaimsMarker();
    const importada = await call('ImportCategoria', 'POST', `/importacoes/${jobId}/categorias`, { descricao: 'Importada' });
    expect(importada).toMatchObject({ status: 201, body: { descricao: 'Importada', versao: 1 } });
    const lote = {
      linhas: [
        { linha: 2, cliente: { nome: 'Importado', valorContrato: 5, categoria: { id: (importada.body as { id: number }).id } } },
        { linha: 3, cliente: { nome: '', valorContrato: 5 } },
      ],
    };
    const loteKey = { 'idempotency-key': 'bundle-lote-1' };
    await forgetTotalsMarker();
    // What a batch that died midway left: its marker, long stale, and an index item of an id it never created (swept first).
    const orphan = 900_000 + (jobId % 1000);
    await direct.send(new PutCommand({ TableName: table, Item: { pk: PARTITION_KEYS.indiceAdiantado, sk: orphan, ultimo: orphan, em: 0 } }));
    await direct.send(new PutCommand({ TableName: table, Item: { pk: `${PARTITION_KEYS.indice}#${orphan}`, sk: 1, lpk: 'L#T#n', lsk: `orfao${orphan}` } }));
    const sent = await call('ImportLote', 'POST', `/importacoes/${jobId}/lotes`, lote, loteKey);
    expect(sent).toMatchObject({ status: 200, body: { criados: [{ linha: 2 }], falhas: [{ linha: 3, campo: 'nome' }] } });
    expect(await call('ImportLote', 'POST', `/importacoes/${jobId}/lotes`, lote, loteKey)).toMatchObject({ status: 200, body: sent.body });
    expect((await direct.send(new GetCommand({ TableName: table, Key: { pk: `${PARTITION_KEYS.indice}#${orphan}`, sk: 1 } }))).Item).toBeUndefined();
    // Line 2 again under another key (a continued import): answered with its client; the last batch concludes it.
    expect(await call('ImportLote', 'POST', `/importacoes/${jobId}/lotes`, { ...lote, fim: true }, { 'idempotency-key': 'bundle-lote-2' })).toMatchObject({
      status: 200,
      body: { criados: (sent.body as { criados: unknown }).criados },
    });
    expect(await call('ListImportacoes', 'GET', '/importacoes')).toMatchObject({ status: 200, body: { itens: [{ id: jobId, estado: 'concluida' }] } });
    expect(await call('GetImportacao', 'GET', `/importacoes/${jobId}`)).toMatchObject({ status: 200, body: { linhas: [[2, 2]], criados: 1 } });
    await forgetClaimsMarker();
    expect(await call('DesfazerImportacao', 'POST', `/importacoes/${jobId}/desfazer`)).toMatchObject({
      status: 200,
      body: { excluidos: 1, restantes: 1, estado: 'desfazendo' },
    });
    // Then the category it created (its clients gone).
    expect(await call('DesfazerImportacao', 'POST', `/importacoes/${jobId}/desfazer`)).toMatchObject({
      status: 200,
      body: { excluidos: 1, restantes: 0, estado: 'desfeita' },
    });
    expect((await call('GetCategoria', 'GET', `/categorias/${(importada.body as { id: number }).id}`)).status).toBe(404);
    // Restored together (its category first, then its client), each as the trash's restore does.
    await forgetClaimsMarker();
    await forgetTotalsMarker();
    expect(await call('RestaurarImportacao', 'POST', `/importacoes/${jobId}/restaurar`)).toMatchObject({
      status: 200,
      body: { restaurados: 1, restantes: 1, falhas: [], estado: 'desfeita' },
    });
    expect(await call('RestaurarImportacao', 'POST', `/importacoes/${jobId}/restaurar`)).toMatchObject({
      status: 200,
      body: { restaurados: 1, restantes: 0, falhas: [], estado: 'concluida' },
    });
    expect((await call('RestaurarImportacao', 'POST', `/importacoes/${jobId}/restaurar`)).status).toBe(409);
    expect((await call('GetCategoria', 'GET', `/categorias/${(importada.body as { id: number }).id}`)).status).toBe(200);

    // Deletes: a category in use is 409; clients with and without a category; 404s; a stored
    // duplicate leaves the name's claim to the other.
    await forgetClaimsMarker();
    await forgetTotalsMarker();
    expect((await call('RemoveCategoria', 'DELETE', `/categorias/${varejoId}`)).status).toBe(409);
    expect((await call('RemoveCategoria', 'DELETE', '/categorias/9001')).status).toBe(204);
    expect((await call('CreateCategoria', 'POST', '/categorias', { descricao: 'Legado' })).status).toBe(409);
    expect((await call('RemoveCategoria', 'DELETE', '/categorias/9002')).status).toBe(204);
    expect((await call('CreateCategoria', 'POST', '/categorias', { descricao: 'Legado' })).status).toBe(201);
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${clienteId}`)).status).toBe(204);
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${semCategoriaId}`)).status).toBe(204);
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${clienteId}`)).status).toBe(404);
    expect((await call('RemoveCategoria', 'DELETE', `/categorias/${varejoId}`)).status).toBe(204);
    expect((await call('RemoveCategoria', 'DELETE', `/categorias/${varejoId}`)).status).toBe(404);

    // The catch-all: unknown path 404, known path with another method 405 (with Allow).
    const unknown = await call('Fallback', 'GET', '/nada/aqui');
    expect(unknown).toMatchObject({ status: 404, body: { mensagem: expect.any(String) } });
    const wrongMethod = await call('Fallback', 'PATCH', '/categorias');
    expect(wrongMethod.status).toBe(405);
    expect(String(wrongMethod.headers.allow ?? wrongMethod.headers.Allow)).toContain('GET');
  });

  it('serves the history and the trash: reads, restores of both kinds, a purge', async () => {
    const forgetClaimsMarker = () => direct.send(new DeleteCommand({ TableName: table, Key: NAME_CLAIMS_MARKER }));
    const cat = await call('CreateCategoria', 'POST', '/categorias', { descricao: 'Histórica' });
    const catId = (cat.body as { id: number }).id;
    const cli = await call('CreateProduto', 'POST', '/produtos', { nome: 'Com história', valorContrato: 5, categoria: { id: catId } });
    const cliId = (cli.body as { id: number }).id;
    expect(await call('HistoricoProduto', 'GET', `/produtos/${cliId}/historico`)).toMatchObject({ status: 200, body: { itens: [{ acao: 'criado' }] } });
    expect((await call('HistoricoProduto', 'GET', '/produtos/999999/historico')).status).toBe(404);
    expect((await call('HistoricoCategoria', 'GET', `/categorias/${catId}/historico`)).status).toBe(200);
    expect((await call('HistoricoCategoria', 'GET', '/categorias/999999/historico')).status).toBe(404);
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${cliId}`)).status).toBe(204);
    expect((await call('RemoveCategoria', 'DELETE', `/categorias/${catId}`)).status).toBe(204);
    // Newest first (the deletes of the test above are further down).
    const trash = await call('ListLixeira', 'GET', '/lixeira');
    expect(trash.status).toBe(200);
    expect((trash.body as { itens: unknown[] }).itens.slice(0, 2)).toMatchObject([{ tipo: 'categoria', id: catId }, { tipo: 'produto', id: cliId }]);
    // The category back (its name claimed again, the stored names first), then its client into it.
    await forgetClaimsMarker();
    expect(await call('RestoreLixeira', 'POST', `/lixeira/categoria/${catId}/restaurar`)).toMatchObject({ status: 200, body: { registro: { id: catId, versao: 2 } } });
    expect(await call('RestoreLixeira', 'POST', `/lixeira/produto/${cliId}/restaurar`)).toMatchObject({
      status: 200,
      body: { registro: { id: cliId, categoria: { id: catId } } },
    });
    expect((await call('RestoreLixeira', 'POST', `/lixeira/produto/${cliId}/restaurar`)).status).toBe(404);
    // A purge: the client out again, then gone for good with its history.
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${cliId}`)).status).toBe(204);
    expect((await call('PurgeLixeira', 'DELETE', `/lixeira/produto/${cliId}`)).status).toBe(204);
    expect((await call('PurgeLixeira', 'DELETE', `/lixeira/produto/${cliId}`)).status).toBe(404);
    expect((await call('HistoricoProduto', 'GET', `/produtos/${cliId}/historico`)).status).toBe(404);

    // The scheduled sweep: an expired entry goes with its history (its index entry's expiry and
    // its copy's TTL a second ago).
    const gone = await call('CreateProduto', 'POST', '/produtos', { nome: 'Expira', valorContrato: 1 });
    const goneId = (gone.body as { id: number }).id;
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${goneId}`)).status).toBe(204);
    const copy = (await direct.send(new GetCommand({ TableName: table, Key: { pk: `${PARTITION_KEYS.lixeira}#produto`, sk: goneId } }))).Item!;
    const past = Math.floor(Date.now() / 1000) - 1;
    await direct.send(new UpdateCommand({ TableName: table, Key: { pk: PARTITION_KEYS.lixeira, sk: Number(copy.indice) }, UpdateExpression: 'SET expira = :p', ExpressionAttributeValues: { ':p': past } }));
    await direct.send(new UpdateCommand({ TableName: table, Key: { pk: `${PARTITION_KEYS.lixeira}#produto`, sk: goneId }, UpdateExpression: 'SET expiresAt = :p', ExpressionAttributeValues: { ':p': past } }));
    // And an unexpired entry as a release before the sweep stored it (its expiry a TTL): kept, the expiry moved.
    const old = await call('CreateProduto', 'POST', '/produtos', { nome: 'Entrada antiga', valorContrato: 1 });
    const oldId = (old.body as { id: number }).id;
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${oldId}`)).status).toBe(204);
    const oldIndex = { pk: PARTITION_KEYS.lixeira, sk: Number((await direct.send(new GetCommand({ TableName: table, Key: { pk: `${PARTITION_KEYS.lixeira}#produto`, sk: oldId } }))).Item!.indice) };
    await direct.send(new UpdateCommand({ TableName: table, Key: oldIndex, UpdateExpression: 'SET expiresAt = expira REMOVE expira' }));
    expect(await runJob('SweepLixeira')).toMatchObject({ erased: 1, left: 0 });
    expect((await call('HistoricoProduto', 'GET', `/produtos/${goneId}/historico`)).status).toBe(404);
    const kept = (await direct.send(new GetCommand({ TableName: table, Key: oldIndex }))).Item!;
    expect([typeof kept.expira, kept.expiresAt]).toEqual(['number', undefined]);
    expect(await runJob('SweepLixeira')).toEqual({ erased: 0, left: 0 });
  });

  it('serves the tarefas: create (a responsavel not on the team: 400), the agenda, counts, changes, someone else’s reassigned and deleted by an administrator, history, restore, equipe', async () => {
    const cli = await call('CreateProduto', 'POST', '/produtos', { nome: 'Com tarefas', valorContrato: 5 });
    const cliente = (cli.body as { id: number }).id;
    const body = { cliente, tipo: 'ligacao', descricao: 'Ligar', quando: '2026-11-27T23:30:00-03:00' };
    const created = await call('CreateTarefa', 'POST', '/tarefas', body);
    expect(created).toMatchObject({ status: 201, body: { responsavel: identity.admin.email, clienteNome: 'Com tarefas' } });
    const id = (created.body as { id: number }).id;
    expect(await call('CreateTarefa', 'POST', '/tarefas', { ...body, responsavel: 'ninguem@empresa.com.br' })).toMatchObject({ status: 400, body: { campo: 'responsavel' } });
    expect(await call('ListTarefas', 'GET', '/tarefas?responsavel=me&desde=2026-11-27&ate=2026-11-27')).toMatchObject({ status: 200, body: { itens: [{ id }] } });
    expect(await call('ListTarefas', 'GET', `/tarefas?cliente=${cliente}`)).toMatchObject({ status: 200, body: { itens: [{ id }] } });
    // The team's tarefas without an active responsavel: the enabled users read live (ListUsers).
    expect(await call('ListTarefas', 'GET', '/tarefas?semResponsavelAtivo=1')).toMatchObject({ status: 200, body: { itens: [] } });
    expect(await call('ResumoTarefas', 'GET', '/tarefas/resumo?responsavel=me')).toMatchObject({ status: 200, body: { atrasadas: expect.any(Number) } });
    expect(await call('GetTarefa', 'GET', `/tarefas/${id}`)).toMatchObject({ status: 200, body: { id } });
    expect(await call('UpdateTarefa', 'PUT', `/tarefas/${id}`, { concluida: true, versao: 1 })).toMatchObject({ status: 200, body: { concluida: true, versao: 2 } });
    expect(await call('UpdateTarefa', 'PUT', `/tarefas/${id}`, { responsavel: 'ninguem@empresa.com.br' })).toMatchObject({ status: 400 });
    // Someone else's (stored as a create stores it): reassigned and deleted by the live-checked administrator.
    const other = await call('CreateTarefa', 'POST', '/tarefas', { ...body, descricao: 'De outra pessoa' });
    const otherId = (other.body as { id: number }).id;
    await direct.send(new UpdateCommand({ TableName: table, Key: { pk: `TAREFA#${cliente}`, sk: otherId }, UpdateExpression: 'SET responsavel = :r', ExpressionAttributeValues: { ':r': 'saiu@empresa.com.br' } }));
    expect(await call('UpdateTarefa', 'PUT', `/tarefas/${otherId}`, { responsavel: identity.admin.email })).toMatchObject({ status: 200, body: { responsavel: identity.admin.email } });
    await direct.send(new UpdateCommand({ TableName: table, Key: { pk: `TAREFA#${cliente}`, sk: otherId }, UpdateExpression: 'SET responsavel = :r', ExpressionAttributeValues: { ':r': 'saiu@empresa.com.br' } }));
    expect((await call('RemoveTarefa', 'DELETE', `/tarefas/${otherId}`)).status).toBe(204);
    expect((await call('RemoveTarefa', 'DELETE', `/tarefas/${otherId}`)).status).toBe(404);
    expect(await call('HistoricoTarefa', 'GET', `/tarefas/${otherId}/historico`)).toMatchObject({ status: 200, body: { itens: [{ acao: 'excluido' }, { acao: 'alterado' }, { acao: 'criado' }] } });
    expect((await call('HistoricoTarefa', 'GET', '/tarefas/999999/historico')).status).toBe(404);
    expect(await call('RestoreLixeira', 'POST', `/lixeira/tarefa/${otherId}/restaurar`)).toMatchObject({ status: 200, body: { tipo: 'tarefa', registro: { id: otherId } } });
    expect(await call('ListEquipe', 'GET', '/equipe')).toMatchObject({ status: 200, body: expect.arrayContaining([{ email: identity.admin.email }]) });
    // The client's purge erases its tarefas.
    expect((await call('RemoveProduto', 'DELETE', `/produtos/${cliente}`)).status).toBe(204);
    expect((await call('PurgeLixeira', 'DELETE', `/lixeira/produto/${cliente}`)).status).toBe(204);
    expect((await call('GetTarefa', 'GET', `/tarefas/${id}`)).status).toBe(404);
  });

  it('serves the reminders: the settings, a calendar URL opened without a token and revoked, the morning e-mail job into the outbox', async () => {
    const cli = await call('CreateProduto', 'POST', '/produtos', { nome: 'Com lembrete', valorContrato: 5 });
    const cliente = (cli.body as { id: number }).id;
    const quando = new Date(Date.now() - 60 * 60_000).toISOString();
    expect((await call('CreateTarefa', 'POST', '/tarefas', { cliente, tipo: 'visita', descricao: 'Visitar', quando, duracaoMin: 45 })).status).toBe(201);
    expect(await call('GetLembretes', 'GET', '/lembretes')).toMatchObject({ status: 200, body: { calendario: { ativo: false }, emailDiario: { ativo: true } } });
    const first = await call('CreateCalendario', 'POST', '/lembretes/calendario');
    expect(first.status).toBe(201);
    // A new URL replaces the first in one write (its lookup item deleted).
    const made = await call('CreateCalendario', 'POST', '/lembretes/calendario');
    expect(made.status).toBe(201);
    const caminho = (made.body as { caminho: string }).caminho;
    expect(caminho).not.toBe((first.body as { caminho: string }).caminho);
    // As API Gateway calls the public route: no authorizer ran, no claims.
    const feed = async () => {
      const event = apiEvent('GET', caminho, undefined, { [ORIGIN_VERIFY.header]: ORIGIN_SECRET });
      delete (event.requestContext as { authorizer?: unknown }).authorizer;
      return invoke('CalendarioFeed', event);
    };
    const opened = await feed();
    expect(opened).toMatchObject({ status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8' } });
    expect(opened.body).toContain('SUMMARY:Visita: Com lembrete\r\n');
    expect((await call('RevokeCalendario', 'DELETE', '/lembretes/calendario')).status).toBe(204);
    expect((await feed()).status).toBe(404);
    expect(await call('SetLembreteEmail', 'PUT', '/lembretes/email', { ativo: true })).toMatchObject({ status: 200, body: { emailDiario: { ativo: true } } });
    const since = Date.now();
    expect(await runJob('EmailDiario')).toMatchObject({ sent: 1, failed: 0 });
    const mail = readOutbox(identity.dir).find((m) => m.kind === 'reminder' && Date.parse(m.at) >= since);
    expect(mail).toMatchObject({ to: identity.admin.email });
    expect(mail!.message).toContain('Visita · Com lembrete');
    expect(await runJob('EmailDiario')).toMatchObject({ sent: 0, already: 1 });
  });

  it('serves the paged list after the index migration job indexed the clients stored before it', async () => {
    // A table upgraded from a release before the index: clients stored, no migration record, no totals yet.
    await direct.send(new DeleteCommand({ TableName: table, Key: MIGRACAO_INDICES_KEY }));
    await direct.send(new DeleteCommand({ TableName: table, Key: SEM_CATEGORIA_KEY }));
    const created = await call('CreateProduto', 'POST', '/produtos', { nome: 'Antes do índice', valorContrato: 20000 });
    expect(created.status).toBe(201);
    await direct.send(new DeleteCommand({ TableName: table, Key: SEM_CATEGORIA_KEY }));
    expect(await call('PaginaProdutos', 'GET', '/produtos/pagina')).toMatchObject({ status: 503 });
    expect(await call('ExistentesProdutos', 'POST', '/produtos/existentes', { nomes: ['antes do indice'] })).toMatchObject({ status: 503 });
    expect(await runJob('MigrarIndices')).toMatchObject({ concluida: true });
    const page = await call('PaginaProdutos', 'GET', '/produtos/pagina?q=antes&limit=5');
    expect(page).toMatchObject({ status: 200, body: { itens: [{ nome: 'Antes do índice' }], cursor: null, totais: { clientes: 1, vips: 1, soma: 20000 } } });
    // The aggregates counted by the paged list's first read (SEM item gone): its view totals.
    expect(await call('PaginaProdutos', 'GET', '/produtos/pagina?vip=1&ordem=valor&direcao=desc')).toMatchObject({ status: 200, body: { totais: { vips: expect.any(Number) } } });
    expect(await runJob('MigrarIndices')).toMatchObject({ concluida: true });
    // The clients a CSV file would meet, by name (the index) and by CPF/CNPJ (its claim).
    const documento = '11222333000181';
    expect((await call('CreateProduto', 'POST', '/produtos', { nome: 'Com documento', valorContrato: 10, documento })).status).toBe(201);
    const existentes = await call('ExistentesProdutos', 'POST', '/produtos/existentes', { nomes: ['ANTES DO ÍNDICE'], documentos: [documento, '52998224725'] });
    expect(existentes).toMatchObject({ status: 200, body: [{ nome: 'Antes do índice' }, { nome: 'Com documento', documento }] });
  });

  it('serves the users API with the real Cognito calls (sign-in on: the claims of a real access token)', async () => {
    const ana = encodeURIComponent('ana@empresa.com.br');
    expect(await call('InviteUsuario', 'POST', '/usuarios', { email: 'Ana@Empresa.com.br', admin: true })).toMatchObject({
      status: 201,
      body: { email: 'ana@empresa.com.br', status: 'FORCE_CHANGE_PASSWORD', ativo: true, admin: true },
    });
    expect(await call('InviteUsuario', 'POST', '/usuarios', { email: 'ana@empresa.com.br' })).toMatchObject({ status: 409 });
    const users = await call('ListUsuarios', 'GET', '/usuarios');
    expect((users.body as { email: string; admin: boolean }[]).map((u) => [u.email, u.admin])).toEqual([
      [identity.admin.email, true],
      ['ana@empresa.com.br', true],
    ]);
    expect((await call('ResendConvite', 'POST', `/usuarios/${ana}/convite`)).status).toBe(204);
    expect((await call('ResetSenha', 'POST', `/usuarios/${ana}/senha`)).status).toBe(409); // still on the invitation
    // Once she has a password of her own, a reset works and signs her out everywhere.
    await adminClient(identity).send(
      new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: 'ana@empresa.com.br', Password: 'Senha-Dela-123!', Permanent: true }),
    );
    expect((await call('ResetSenha', 'POST', `/usuarios/${ana}/senha`)).status).toBe(204);
    expect(await call('SetUsuarioAdmin', 'PUT', `/usuarios/${ana}/admin`, { admin: false })).toMatchObject({ status: 200, body: { admin: false } });
    expect(await call('SetUsuarioAdmin', 'PUT', `/usuarios/${ana}/admin`, { admin: true })).toMatchObject({ status: 200, body: { admin: true } });
    expect(await call('SetUsuarioAtivo', 'PUT', `/usuarios/${ana}/ativo`, { ativo: false })).toMatchObject({ status: 200, body: { ativo: false } });
    expect(await call('SetUsuarioAtivo', 'PUT', `/usuarios/${ana}/ativo`, { ativo: true })).toMatchObject({ status: 200, body: { ativo: true } });
    expect((await call('ResetAutenticador', 'DELETE', `/usuarios/${ana}/autenticador`)).status).toBe(204);
    expect((await call('RemoveUsuario', 'DELETE', `/usuarios/${ana}`)).status).toBe(204);
    expect((await call('RemoveUsuario', 'DELETE', `/usuarios/${ana}`)).status).toBe(404);
    // Self-protection answers before any call.
    expect((await call('RemoveUsuario', 'DELETE', `/usuarios/${encodeURIComponent(identity.admin.email)}`)).status).toBe(409);
  });

  it('grants each function exactly the DynamoDB and user pool actions its handler was seen to need', () => {
    expect(unattributed).toEqual([]);
    const fns = Object.values(appFunctions(template));
    // Sign-in's resources come with the stack's user pool (none with "auth": "off").
    const hasPool = Object.keys(template.findResources('AWS::Cognito::UserPool')).length > 0;
    const report: string[] = [];
    for (const fn of Object.values(jobFunctions(template))) {
      const name = jobNameOf(fn);
      const seen = [...recorded.get(name)!].sort();
      const granted = dynamoActionsOf(template, fn);
      const needed = seen.filter((a) => a.startsWith('dynamodb:'));
      report.push(`${name} (scheduled): needed [${needed.join(', ')}] granted [${granted.join(', ')}]`);
      expect(granted, name).toEqual(needed);
      // The user pool calls it made (the morning e-mail lists the people) are its row's, granted on the pool.
      const calls = seen.filter((a) => a.startsWith('cognito-idp:'));
      expect([...(jobs.find((j) => j.name === name)!.userPoolActions ?? [])].sort(), `${name}: userPoolActions`).toEqual(calls);
      const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(roleStatements(template, roleId).flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:')).sort(), `${name}: cognito-idp grants`).toEqual(calls);
      expect(seen.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('cognito-idp:')), name).toEqual([]);
    }
    for (const fn of fns) {
      const name = routeNameOf(fn);
      const seen = [...recorded.get(name)!].sort();
      const needed = seen.filter((a) => a.startsWith('dynamodb:'));
      const granted = dynamoActionsOf(template, fn);
      report.push(`${name}: needed [${needed.join(', ')}] granted [${granted.join(', ')}]`);
      expect(granted, name).toEqual(needed);
      expect(granted).not.toContain('dynamodb:TransactWriteItems');
      // The Cognito calls the handler made are exactly its row's userPoolActions, which the stack
      // grants on the pool's ARN.
      const calls = seen.filter((a) => a.startsWith('cognito-idp:'));
      const row = routes.find((r) => r.name === name)!;
      const onFailure = ONLY_ON_FAILURE[name] ?? [];
      expect([...(row.userPoolActions ?? [])].sort(), `${name}: userPoolActions`).toEqual([...calls, ...onFailure].sort());
      const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const grantedPool = roleStatements(template, roleId).flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:')).sort();
      expect(grantedPool, `${name}: cognito-idp grants`).toEqual(hasPool ? [...calls, ...onFailure].sort() : []);
      if (calls.length) report.push(`${name}: user pool calls [${calls.join(', ')}] granted [${grantedPool.join(', ')}]`);
      expect(seen.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('cognito-idp:')), name).toEqual([]);
    }
    console.log(`IAM comparison:\n${report.join('\n')}`);
    // The fallback never touches the table.
    expect(recorded.get('Fallback')!.size).toBe(0);
  });
});
