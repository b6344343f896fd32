/**
 * THE route table: data only (no handler imports), read by the CDK stack (one function per row)
 * and by the local server, with the rules of the API's edge both share: how a request finds its
 * row (matchRoute), CORS, and the origin check. Paths are relative to the `/api` base path (the
 * HTTP API stage in the cloud, the mount point locally). `handler` names the file
 * `lambdas/handlers/<handler>.ts`, which exports `handler(event: APIGatewayProxyEventV2)`.
 */
import { EMAIL_DIARIO } from './contract/lembretes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** API Gateway route key: `METHOD /path` or `$default` for the catch-all. */
  readonly routeKey: string;
  readonly method: HttpMethod | 'ANY';
  readonly path: string;
  readonly handler: string;
  /** Construct-id friendly name, stable across deploys. */
  readonly name: string;
  /**
   * The DynamoDB IAM actions the handler's store calls need (a transaction needs the item
   * actions it contains). The CDK stack grants exactly these; a test checks them against the
   * calls the handler really makes.
   */
  readonly actions: readonly DynamoAction[];
  /**
   * The Cognito IAM actions the handler calls on the app's user pool (the users routes, and every
   * route only administrators may call: the live check of the caller); the CDK stack grants
   * exactly these on the pool's ARN, and none when sign-in is off.
   */
  readonly userPoolActions?: readonly CognitoAction[];
  /**
   * The route exists only with sign-in (the users API): not deployed with `-c auth=off`, 404
   * locally with AUTH=off. Calling the user pool does not imply it (*Excluir definitivamente*
   * asks the pool with sign-in on and works without it).
   */
  readonly signInOnly?: boolean;
  /**
   * The `Idempotency-Key` header of a create a client may retry: `optional`, or `required` (the
   * HTTP layer answers 400 without one, lambdas/http/idempotency.ts). The OpenAPI document
   * publishes it from here; a route without it never reads the header.
   */
  readonly idempotencyKey?: 'optional' | 'required';
  /** Its Query also reads the table's global secondary indexes: the grant covers their ARNs too. */
  readonly readsIndexes?: true;
  /**
   * The one route without a JWT (the calendar feed, opened by the secret in its URL): no
   * authorizer in the cloud (infra/constructs/api.ts) nor locally (infra/local/adapter.ts), and
   * its handler uses `publicHandler`, which proves the caller itself. A test keeps it the only one.
   */
  readonly public?: true;
}

export type CognitoAction =
  | 'cognito-idp:ListUsers'
  | 'cognito-idp:ListUsersInGroup'
  | 'cognito-idp:AdminGetUser'
  | 'cognito-idp:AdminCreateUser'
  | 'cognito-idp:AdminDeleteUser'
  | 'cognito-idp:AdminDisableUser'
  | 'cognito-idp:AdminEnableUser'
  | 'cognito-idp:AdminResetUserPassword'
  | 'cognito-idp:AdminUserGlobalSignOut'
  | 'cognito-idp:AdminAddUserToGroup'
  | 'cognito-idp:AdminRemoveUserFromGroup'
  | 'cognito-idp:AdminListGroupsForUser'
  | 'cognito-idp:AdminSetUserMFAPreference';

export type DynamoAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:ConditionCheckItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:BatchGetItem';

const route = (
  method: HttpMethod,
  path: string,
  handler: string,
  name: string,
  actions: readonly DynamoAction[],
  extra: Pick<RouteDef, 'idempotencyKey' | 'userPoolActions' | 'readsIndexes' | 'signInOnly' | 'public'> = {},
): RouteDef => ({ routeKey: `${method} ${path}`, method, path, handler, name, actions, ...extra });

/** A create that takes an `Idempotency-Key`; `required` for a batch that must never be written twice. */
const KEY = { idempotencyKey: 'optional' } as const;
const KEY_REQUIRED = { idempotencyKey: 'required' } as const;

/**
 * What every administrator action asks the pool before it acts (services/authority.ts): is the
 * caller still enabled (AdminGetUser) and still in the admin group (AdminListGroupsForUser).
 */
const LIVE_ADMIN_CHECK = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'] as const satisfies readonly CognitoAction[];
const SIGN_OUT = 'cognito-idp:AdminUserGlobalSignOut';

/**
 * A users route: sign-in only, no table, the live check of the caller and the Cognito actions
 * its handler calls on the pool (docs/api.md), each once.
 */
const usersRoute = (
  method: HttpMethod,
  path: string,
  handler: string,
  name: string,
  userPoolActions: readonly CognitoAction[],
): RouteDef => ({ ...route(method, path, handler, name, []), userPoolActions: [...new Set([...LIVE_ADMIN_CHECK, ...userPoolActions])], signInOnly: true });

const GET = 'dynamodb:GetItem';
const QUERY = 'dynamodb:Query';
const PUT = 'dynamodb:PutItem';
const UPDATE = 'dynamodb:UpdateItem';
const DELETE = 'dynamodb:DeleteItem';
const CHECK = 'dynamodb:ConditionCheckItem';
const BATCH_WRITE = 'dynamodb:BatchWriteItem';
const BATCH_GET = 'dynamodb:BatchGetItem';
/** Every category write first makes sure the stored names are claimed (store/names.ts). */
const NAME_CLAIMS = [GET, QUERY, PUT, CHECK] as const;
/** Every client write first makes sure the totals exist (store/aggregates.ts: counted once per table). */
const TOTALS = [GET, QUERY, PUT, UPDATE] as const;

// `name`s are CloudFormation logical ids: stable across deploys, so they keep the wire's word.
export const routes: readonly RouteDef[] = [
  // Every write also puts its history entry (PutItem); a delete also puts the trash copy and index entry.
  route('GET', '/categorias', 'categorias/list', 'ListCategorias', [QUERY]),
  route('GET', '/categorias/{id}', 'categorias/get', 'GetCategoria', [GET]),
  route('POST', '/categorias', 'categorias/create', 'CreateCategoria', [...NAME_CLAIMS, UPDATE], KEY),
  route('PUT', '/categorias', 'categorias/update', 'UpdateCategoria', [...NAME_CLAIMS, UPDATE, DELETE]),
  route('DELETE', '/categorias/{id}', 'categorias/remove', 'RemoveCategoria', [...NAME_CLAIMS, UPDATE, DELETE]),
  route('GET', '/categorias/{id}/historico', 'categorias/historico', 'HistoricoCategoria', [GET, QUERY]),
  route('GET', '/produtos', 'clientes/list', 'ListProdutos', [QUERY]),
  // The list a page at a time (before `{id}`: a static path wins, as in API Gateway). Its queries
  // read the index `lista` (the grant covers the table's indexes) and BatchGetItem the page's
  // clients; its first call on a table from before the totals or the index may count or mark them.
  route('GET', '/produtos/pagina', 'clientes/pagina', 'PaginaProdutos', [GET, QUERY, BATCH_GET, PUT, UPDATE], { readsIndexes: true }),
  // The clients a CSV file would meet (by name and CPF/CNPJ), without reading the whole list; a POST for the body's size.
  route('POST', '/produtos/existentes', 'clientes/existentes', 'ExistentesProdutos', [GET, QUERY, BATCH_GET], { readsIndexes: true }),
  route('GET', '/produtos/{id}', 'clientes/get', 'GetProduto', [GET]),
  route('POST', '/produtos', 'clientes/create', 'CreateProduto', [...TOTALS], KEY),
  route('PUT', '/produtos', 'clientes/update', 'UpdateProduto', [...TOTALS]),
  route('DELETE', '/produtos/{id}', 'clientes/remove', 'RemoveProduto', [...TOTALS, DELETE]),
  route('GET', '/produtos/{id}/historico', 'clientes/historico', 'HistoricoProduto', [GET, QUERY]),
  // The clients' notes, which the list leaves out, paged for a CSV export.
  route('GET', '/observacoes', 'clientes/observacoes', 'ListObservacoes', [QUERY]),
  // The trash: `{tipo}` is `produto` or `categoria`. A restore of a category first
  // makes sure the stored names are claimed, like every category write; a purge deletes the
  // record's history in batches.
  route('GET', '/lixeira', 'lixeira/list', 'ListLixeira', [QUERY]),
  route('POST', '/lixeira/{tipo}/{id}/restaurar', 'lixeira/restore', 'RestoreLixeira', [...NAME_CLAIMS, UPDATE, DELETE]),
  // Administrators only: the caller is checked live against the pool (with sign-in on).
  route('DELETE', '/lixeira/{tipo}/{id}', 'lixeira/purge', 'PurgeLixeira', [GET, QUERY, UPDATE, DELETE, BATCH_WRITE], { userPoolActions: LIVE_ADMIN_CHECK }),
  // CSV import: the job, its batches (creates as POST /produtos does), its undo (deletes as DELETE /produtos/{id} does).
  // Only its author or an administrator may act on a job: anyone else is checked live against the pool.
  route('GET', '/importacoes', 'importacoes/list', 'ListImportacoes', [QUERY], { userPoolActions: LIVE_ADMIN_CHECK }),
  route('GET', '/importacoes/{id}', 'importacoes/get', 'GetImportacao', [GET, QUERY], { userPoolActions: LIVE_ADMIN_CHECK }),
  route('POST', '/importacoes', 'importacoes/create', 'CreateImportacao', [PUT, UPDATE], KEY),
  route('POST', '/importacoes/{id}/categorias', 'importacoes/categoria', 'ImportCategoria', [...NAME_CLAIMS, UPDATE], { ...KEY, userPoolActions: LIVE_ADMIN_CHECK }),
  // A batch puts its rows' index items ahead in bulk and settles them; it first sweeps what a batch
  // that died midway left (reads those ids' clients, deletes orphan items with a check: store/index-ahead.ts).
  route('POST', '/importacoes/{id}/lotes', 'importacoes/lote', 'ImportLote', [...TOTALS, BATCH_WRITE, BATCH_GET, DELETE, CHECK], { ...KEY_REQUIRED, userPoolActions: LIVE_ADMIN_CHECK }),
  route('POST', '/importacoes/{id}/desfazer', 'importacoes/desfazer', 'DesfazerImportacao', [...NAME_CLAIMS, UPDATE, DELETE], { userPoolActions: LIVE_ADMIN_CHECK }),
  // Restoring an undone import brings its records back from the trash as the trash's restore does.
  route('POST', '/importacoes/{id}/restaurar', 'importacoes/restaurar', 'RestaurarImportacao', [...NAME_CLAIMS, UPDATE, DELETE], { userPoolActions: LIVE_ADMIN_CHECK }),
  // The portfolio's totals (one Query; counted once on a table from before them) and the feed.
  route('GET', '/resumo', 'resumo/get', 'GetResumo', [...TOTALS]),
  route('GET', '/atividades', 'atividades/list', 'ListAtividades', [QUERY]),
  // Tarefas (follow-ups on a client). The agenda's lists and counts query the index `lista` (its
  // per-person and team views) and BatchGetItem the page's tarefas and their clients. A write checks
  // a new `responsavel` against the pool (AdminGetUser: enabled) and, to reassign or delete someone
  // else's tarefa, the caller's live admin status; it puts the tarefa, its index items, its next-tarefa
  // item and its history entry in one transaction. The list's `semResponsavelAtivo=1` reads the
  // enabled users live (ListUsers) to find the team's pending tarefas of people no longer active.
  route('GET', '/tarefas', 'tarefas/list', 'ListTarefas', [GET, QUERY, BATCH_GET], { readsIndexes: true, userPoolActions: ['cognito-idp:ListUsers'] }),
  route('GET', '/tarefas/resumo', 'tarefas/resumo', 'ResumoTarefas', [QUERY, BATCH_GET], { readsIndexes: true }),
  route('GET', '/tarefas/{id}', 'tarefas/get', 'GetTarefa', [GET]),
  route('POST', '/tarefas', 'tarefas/create', 'CreateTarefa', [GET, QUERY, PUT, UPDATE, CHECK], { ...KEY, userPoolActions: ['cognito-idp:AdminGetUser'] }),
  route('PUT', '/tarefas/{id}', 'tarefas/update', 'UpdateTarefa', [GET, QUERY, PUT], { userPoolActions: LIVE_ADMIN_CHECK }),
  route('DELETE', '/tarefas/{id}', 'tarefas/remove', 'RemoveTarefa', [GET, QUERY, PUT, DELETE], { userPoolActions: LIVE_ADMIN_CHECK }),
  route('GET', '/tarefas/{id}/historico', 'tarefas/historico', 'HistoricoTarefa', [GET, QUERY]),
  // Who a tarefa may be assigned to: the enabled users (everyone signed in may ask; empty in the open mode).
  route('GET', '/equipe', 'equipe/list', 'ListEquipe', [], { userPoolActions: ['cognito-idp:ListUsers'] }),
  // The users API (administrators; sign-in only: not deployed with -c auth=off, 404 locally with
  // AUTH=off). `{email}` is the URL-encoded e-mail, the Cognito user name.
  usersRoute('GET', '/usuarios', 'usuarios/list', 'ListUsuarios', ['cognito-idp:ListUsers', 'cognito-idp:ListUsersInGroup']),
  // AdminDeleteUser takes an invitation back when the admin role can't be added (services/usuarios.ts).
  usersRoute('POST', '/usuarios', 'usuarios/invite', 'InviteUsuario', ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser']),
  usersRoute('POST', '/usuarios/{email}/convite', 'usuarios/resend', 'ResendConvite', ['cognito-idp:AdminCreateUser']),
  usersRoute('POST', '/usuarios/{email}/senha', 'usuarios/reset', 'ResetSenha', ['cognito-idp:AdminResetUserPassword', SIGN_OUT]),
  usersRoute('PUT', '/usuarios/{email}/ativo', 'usuarios/ativo', 'SetUsuarioAtivo', [
    'cognito-idp:AdminGetUser',
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminUserGlobalSignOut',
    'cognito-idp:AdminEnableUser',
    'cognito-idp:AdminListGroupsForUser',
  ]),
  usersRoute('PUT', '/usuarios/{email}/admin', 'usuarios/admin', 'SetUsuarioAdmin', [
    'cognito-idp:AdminGetUser',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminRemoveUserFromGroup',
    SIGN_OUT,
  ]),
  usersRoute('DELETE', '/usuarios/{email}', 'usuarios/remove', 'RemoveUsuario', [SIGN_OUT, 'cognito-idp:AdminDeleteUser']),
  // Redefinir autenticador: the person's TOTP is turned off (a lost phone); they set up a new one at their next sign-in.
  usersRoute('DELETE', '/usuarios/{email}/autenticador', 'usuarios/autenticador', 'ResetAutenticador', ['cognito-idp:AdminSetUserMFAPreference']),
  // Reminders (sign-in only): one's own calendar feed and morning e-mail switches (Minha conta).
  // A new feed URL replaces the previous one's lookup item in the same write.
  route('GET', '/lembretes', 'lembretes/get', 'GetLembretes', [GET], { signInOnly: true }),
  route('PUT', '/lembretes/email', 'lembretes/email', 'SetLembreteEmail', [GET, UPDATE], { signInOnly: true }),
  route('POST', '/lembretes/calendario', 'lembretes/calendario-criar', 'CreateCalendario', [GET, PUT, UPDATE, DELETE], { signInOnly: true }),
  route('DELETE', '/lembretes/calendario', 'lembretes/calendario-revogar', 'RevokeCalendario', [GET, UPDATE, DELETE], { signInOnly: true }),
  // The calendar feed: public (no JWT; its URL's secret opens it), the person asked live (a
  // disabled one's feed stops), their pending tarefas read from the agenda's index.
  route('GET', '/calendario/{segredo}', 'calendario/feed', 'CalendarioFeed', [GET, QUERY, BATCH_GET], {
    signInOnly: true,
    public: true,
    readsIndexes: true,
    userPoolActions: ['cognito-idp:AdminGetUser'],
  }),
  // Everything else: 404 JSON, or 405 JSON for a known path with another method.
  { routeKey: '$default', method: 'ANY', path: '/{proxy+}', handler: 'fallback', name: 'Fallback', actions: [] },
];

/**
 * A function the schedule runs, not a route: EventBridge in the cloud, a timer of the local
 * server on a laptop. Like a route row, it names its handler and the DynamoDB actions it needs
 * (the stack grants exactly these; a test checks them against its calls).
 */
export interface JobDef {
  /** Construct-id friendly name, stable across deploys. */
  readonly name: string;
  /** `lambdas/handlers/<handler>.ts`, which exports `handler()`. */
  readonly handler: string;
  readonly description: string;
  /** How often it runs (a job runs either every so many minutes or daily at `dailyAt`). */
  readonly everyMinutes?: number;
  /**
   * Once a day at this wall-clock time in the company's time zone (the settings' `timeZone`):
   * EventBridge Scheduler in the cloud (rules are UTC only), a timer in that zone locally.
   */
  readonly dailyAt?: { readonly hour: number; readonly minute: number };
  /** Runs only with sign-in (it reads the user pool): not deployed with auth off, never run locally with AUTH=off. */
  readonly signInOnly?: true;
  /** The Cognito IAM actions it calls on the user pool (granted on the pool's ARN). */
  readonly userPoolActions?: readonly CognitoAction[];
  /** It e-mails through SES from the settings' `sesFromEmail` (granted `ses:SendEmail` from that address only). */
  readonly sendsMail?: true;
  /** Its Query also reads the table's global secondary indexes. */
  readonly readsIndexes?: true;
  /** What a run may take (the function's timeout; the local timer gives it the same): under `everyMinutes`, so runs never overlap. */
  readonly timeoutMinutes: number;
  readonly actions: readonly DynamoAction[];
  /**
   * Whether its failures and silence raise alarms (default true). The alarms stay within
   * CloudWatch's 10 free alarm metrics (infra/constructs/alarms.ts): a job that has a one-time
   * task and says its progress elsewhere may go without.
   */
  readonly alarmed?: boolean;
}

export const jobs: readonly JobDef[] = [
  // Erases what an expired trash entry leaves behind (the record's history and feed
  // items: TTL can't reach them) and finishes purges that failed half-way (services/lixeira.ts).
  {
    name: 'SweepLixeira',
    handler: 'jobs/sweep-lixeira',
    description: 'Clientela: erases expired trash entries with their history',
    everyMinutes: 60,
    // A run may work through a backlog (an import undone 30 days ago expires at once).
    timeoutMinutes: 5,
    actions: [GET, QUERY, UPDATE, DELETE, BATCH_WRITE],
  },
  // Gives the clients stored before the list index their index items after an upgrade
  // (store/migracao.ts: resumable, so each run goes on from the last; once done, one read a run).
  {
    name: 'MigrarIndices',
    handler: 'jobs/migrar-indices',
    description: 'Clientela: indexes the clients stored before the list index (after an upgrade)',
    everyMinutes: 10,
    timeoutMinutes: 9,
    actions: [GET, QUERY, PUT, UPDATE, CHECK],
    // One task after an upgrade, then idle: its progress is in the paged list's 503 and in the
    // job's log lines and the dashboard's runs and errors; alarming on it would pass the free 10
    // alarm metrics for a job that is done after its first runs.
    alarmed: false,
  },
  // The morning e-mail: each person's overdue and today's tarefas, once a day (store/lembretes.ts
  // claims the day per person, so a repeated run sends nothing twice).
  {
    name: 'EmailDiario',
    handler: 'jobs/email-diario',
    description: 'Clientela: e-mails each person their overdue and today\'s tarefas at 07:30',
    dailyAt: { hour: EMAIL_DIARIO.hour, minute: EMAIL_DIARIO.minute },
    timeoutMinutes: 10,
    actions: [GET, QUERY, UPDATE, BATCH_GET],
    readsIndexes: true,
    signInOnly: true,
    userPoolActions: ['cognito-idp:ListUsers'],
    sendsMail: true,
    // The free 10 alarm metrics are taken (infra/constructs/alarms.ts) and an hourly silence
    // alarm can't watch a daily run: its runs, errors and `sent`/`failed` counts are in its log.
    alarmed: false,
  },
];

/** The base path: the HTTP API stage name in the cloud, the mount point locally. */
export const API_BASE_PATH = '/api';

/**
 * The secret header CloudFront adds to every `/api/*` request it forwards. Where the functions'
 * environment names a value (`env`), the HTTP layer refuses a request without that exact header
 * value, so the execute-api URL can't bypass CloudFront; locally the variable is unset and the
 * check is off.
 */
export const ORIGIN_VERIFY = {
  header: 'x-clientela-origin',
  env: 'ORIGIN_VERIFY_SECRET',
  /** During a rotation only: the previous value, still accepted while CloudFront's update spreads. */
  previousEnv: 'ORIGIN_VERIFY_SECRET_PREVIOUS',
} as const;

/**
 * Cross-origin rules, for when an allow-list of origins is configured: the one source of the
 * HTTP API's `corsPreflight` in the cloud (where API Gateway answers OPTIONS and adds the headers
 * itself) and of the handlers' own answers locally. `Retry-After` is exposed so a cross-origin
 * caller can read it on a 503.
 */
export const CORS = {
  allowMethods: [...new Set(routes.filter((r) => r.method !== 'ANY').map((r) => r.method)), 'OPTIONS'],
  allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
  exposeHeaders: ['retry-after'],
  maxAgeSeconds: 600,
} as const;

/**
 * The allow-list of a `CORS_ORIGINS` value (comma-separated; none when unset). Locally it is the
 * cloud's `-c corsOrigins`: with one, API Gateway answers OPTIONS itself, before any authorizer
 * (the local gateway does the same); without one OPTIONS is a request like any other.
 */
export function corsOriginsOf(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o !== '');
}

// ---------------------------------------------------------------------------------------------
// How a request finds its row (API Gateway's rule: exact method + path template, else $default)

export interface RouteMatch {
  route: RouteDef;
  pathParameters?: Record<string, string>;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The `{name}` parameters of `path` under `template`, or undefined when the path does not fit. */
function fit(template: string, path: string): Record<string, string> | undefined {
  const t = template.split('/');
  const p = path.split('/');
  if (t.length !== p.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const name = /^\{(\w+)\}$/.exec(t[i]!)?.[1];
    if (name === undefined) {
      if (t[i] !== p[i]) return undefined;
    } else if (p[i] === '') return undefined;
    else params[name] = decodeSegment(p[i]!);
  }
  return params;
}

const DEFAULT_ROUTE = routes.find((r) => r.routeKey === '$default');

/**
 * The row for a method and a path relative to the base path (`/categorias/7`), with its path
 * parameters; a path no row has goes to the `$default` row, as in API Gateway.
 */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = fit(route.path, path);
    if (params) return Object.keys(params).length > 0 ? { route, pathParameters: params } : { route };
  }
  return DEFAULT_ROUTE && { route: DEFAULT_ROUTE };
}

/** The rows the route table declares for a path (relative to the base path), in table order. */
export function routesForPath(path: string): RouteDef[] {
  return routes.filter((r) => r.method !== 'ANY' && fit(r.path, path) !== undefined);
}

/** The methods the route table declares for a path (relative to the base path), in table order. */
export function methodsForPath(path: string): string[] {
  return routesForPath(path).map((r) => r.method);
}

/** The row of a route key (`POST /produtos`), as API Gateway names it in the event. */
export const routeOfKey = (routeKey: string): RouteDef | undefined => routes.find((r) => r.routeKey === routeKey);

/** The route without a JWT authorizer (the calendar feed): see RouteDef `public`. */
export const isPublic = (route: RouteDef): boolean => route.public === true;

/** A route that exists only with sign-in (the users API); not deployed with `-c auth=off`. */
export const isSignInOnly = (route: RouteDef): boolean => route.signInOnly === true;

/** The path template of a route key such as `GET /categorias/{id}` (undefined for `$default`). */
export function pathOfRouteKey(routeKey: string): string | undefined {
  const space = routeKey.indexOf(' ');
  return space > 0 ? routeKey.slice(space + 1) : undefined;
}
