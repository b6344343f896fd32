/**
 * The synthesized template (bundling skipped) against every promise of the cloud issue: the
 * functions and routes from the route table, the table's protections, the stage, CORS, the
 * site's headers, SPA rewrite and `/api/*` behaviour, the web deployment, alarms, outputs.
 */
import * as fs from 'node:fs';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { STACK_NAME } from '../../infra/app.ts';
import { alarmMetricCount, MAX_ALARM_METRICS } from '../../infra/constructs/alarms.ts';
import { describeChanges, destructiveChanges, releaseSnapshots, STATEFUL_TYPES } from '../../infra/upgrade-check.ts';
import { PINNED_LOGICAL_IDS } from './pinned-ids.ts';
import { FUNCTION_RUNTIME } from '../../infra/constructs/functions.ts';
import { SPA_REWRITE_CODE_PATH } from '../../infra/constructs/site.ts';
import { TABLE_ADOPTION_ACTIONS, TABLE_ADOPTION_TYPE } from '../../infra/constructs/table-adoption.ts';
import {
  contentSecurityPolicy,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_SECONDS,
  REFERRER_POLICY,
} from '../../infra/security-headers.ts';
import { CORS, jobs, ORIGIN_VERIFY, routes } from '../../lambdas/routes.ts';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../lambdas/store/table.ts';
import {
  actionsOf,
  appFunctions,
  dynamoActionsOf,
  jobFunctions,
  jobNameOf,
  only,
  renderValue,
  resourcesOfType,
  roleStatements,
  routeNameOf,
  synth,
  synthTemplate,
  tempDir,
} from './support.ts';

/** AWS managed CloudFront policies (ids documented by AWS, the same in every account). */
const CACHING_DISABLED_ID = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER_ID = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Props = Record<string, unknown>;

const distributionConfig = (template: Template): Props => {
  const [, dist] = only(resourcesOfType(template, 'AWS::CloudFront::Distribution'));
  return dist.Properties!.DistributionConfig as Props;
};
const logicalIdOfType = (template: Template, type: string): string => only(resourcesOfType(template, type))[0];

/** Every context option set at once (one synth instead of one per option). */
const ADOPTED_TABLE = 'Clientela-DataTableFDBAD0F2-1A2B3C4D5E6F';
const CORS_ORIGINS = ['https://app.example.com.br', 'http://localhost:5173'];
const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8877-665544332211';
const CONFIGURED = {
  throttleRateLimit: 7,
  throttleBurstLimit: 9,
  corsOrigins: CORS_ORIGINS,
  existingTableName: ADOPTED_TABLE,
  domainName: 'clientes.example.com.br',
  certificateArn: CERTIFICATE_ARN,
  alarmEmail: 'ti@example.com.br',
  adminEmail: 'Admin@Example.com.br',
  memorySize: 1024,
  trashDays: 7,
  timeZone: 'America/Manaus',
};

/** The stack as cdk.json's defaults make it. */
let template: Template;
/** The stack with every option of CONFIGURED. */
let configured: Template;
const nagFindings: Record<string, string[]> = {};
beforeAll(() => {
  const byDefault = synthTemplate();
  template = byDefault.template;
  nagFindings['default context'] = byDefault.findings;
  const withOptions = synthTemplate(CONFIGURED);
  configured = withOptions.template;
  nagFindings['every option set'] = withOptions.findings;
});

describe('cdk-nag (AwsSolutions + Serverless, run by infra/app.ts on every synth)', () => {
  it.each(['default context', 'every option set'])('leaves no unacknowledged finding with the %s', (label) => {
    const findings = nagFindings[label]!;
    console.log(`cdk-nag findings (${label}): ${findings.length === 0 ? 'none' : `\n${findings.join('\n')}`}`);
    expect(findings).toEqual([]);
  });
});

describe('functions: one per route-table row', () => {
  it('has exactly as many app functions as routes.ts rows, one per route name', () => {
    const fns = Object.values(appFunctions(template));
    expect(fns).toHaveLength(routes.length);
    expect(fns.map(routeNameOf).sort()).toEqual(routes.map((r) => r.name).sort());
  });

  it('uses the newest Node.js runtime this aws-cdk-lib offers', () => {
    const newest = Object.keys(Runtime)
      .map((k) => /^NODEJS_(\d+)_X$/.exec(k))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => b - a)[0];
    expect(FUNCTION_RUNTIME.name).toBe(`nodejs${newest}.x`);
    for (const fn of Object.values(appFunctions(template))) {
      expect(fn.Properties!.Runtime).toBe(FUNCTION_RUNTIME.name);
    }
  });

  it('runs arm64, 512 MB, a 10 s timeout, index.handler, TABLE_NAME, the sign-in variables and no NODE_OPTIONS', () => {
    for (const fn of Object.values(appFunctions(template))) {
      const p = fn.Properties!;
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.MemorySize).toBe(512);
      expect(p.Timeout).toBe(10);
      expect(p.Handler).toBe('index.handler');
      const vars = (p.Environment as { Variables: Props }).Variables;
      expect(vars.TABLE_NAME).toEqual({ Ref: logicalIdOfType(template, 'AWS::DynamoDB::Table') });
      // No CORS allow-list by default, and no source maps shipped; sign-in's (auth.test.ts).
      expect(Object.keys(vars).sort()).toEqual(
        [ORIGIN_VERIFY.env, 'TABLE_NAME', 'AUTH_MODE', 'AUTH_ISSUER', 'AUTH_CLIENT_ID', 'USER_POOL_ID', 'TRASH_DAYS', 'TIME_ZONE'].sort(),
      );
      // The trash keeps deleted records 30 days by default; days are São Paulo's by default.
      expect(vars.TRASH_DAYS).toBe('30');
      expect(vars.TIME_ZONE).toBe('America/Sao_Paulo');
    }
  });

  it('passes -c trashDays to every function as TRASH_DAYS, and refuses a value that is not whole days from 1 to 3650', () => {
    for (const fn of Object.values(appFunctions(configured))) {
      expect((fn.Properties!.Environment as { Variables: Props }).Variables.TRASH_DAYS).toBe('7');
      // The settings' timeZone: the tarefas' day boundaries.
      expect((fn.Properties!.Environment as { Variables: Props }).Variables.TIME_ZONE).toBe('America/Manaus');
    }
    for (const trashDays of [0, 3651, 1.5, 'trinta']) {
      expect(() => synth({ trashDays }).remove(), String(trashDays)).toThrow(/trashDays must be a whole number of days from 1 to 3650/);
    }
  });

  it('logs JSON to an own log group with a 30-day retention (the logGroup prop, not logRetention)', () => {
    const logGroups = resourcesOfType(template, 'AWS::Logs::LogGroup');
    const used = new Set<string>();
    for (const fn of Object.values(appFunctions(template))) {
      const logging = fn.Properties!.LoggingConfig as { LogFormat: string; LogGroup: { Ref: string } };
      expect(logging.LogFormat).toBe('JSON');
      const group = logGroups[logging.LogGroup.Ref];
      expect(group?.Properties?.RetentionInDays).toBe(30);
      expect(group?.DeletionPolicy).toBe('Delete');
      used.add(logging.LogGroup.Ref);
    }
    expect(used.size).toBe(routes.length);
    // logRetention would add CDK's LogRetention custom resource.
    expect(resourcesOfType(template, 'Custom::LogRetention')).toEqual({});
  });
});

describe('scheduled functions: one per jobs row (routes.ts)', () => {
  it('runs each job on its EventBridge schedule, with exactly its row’s table actions, its own JSON logs, minutes of time and only TABLE_NAME', () => {
    const fns = jobFunctions(template);
    expect(Object.values(fns).map(jobNameOf).sort()).toEqual(jobs.map((j) => j.name).sort());
    expect(jobs.map((j) => j.name)).toContain('SweepLixeira');
    const rules = Object.values(resourcesOfType(template, 'AWS::Events::Rule')).map((r) => r.Properties!);
    expect(rules).toHaveLength(jobs.length);
    const logGroups = resourcesOfType(template, 'AWS::Logs::LogGroup');
    const tableId = logicalIdOfType(template, 'AWS::DynamoDB::Table');
    for (const [fnId, fn] of Object.entries(fns)) {
      const job = jobs.find((j) => j.name === jobNameOf(fn))!;
      const p = fn.Properties!;
      expect(p.Runtime).toBe(FUNCTION_RUNTIME.name);
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Timeout).toBe(job.timeoutMinutes * 60);
      expect(job.timeoutMinutes).toBeLessThan(job.everyMinutes);
      expect((p.Environment as { Variables: Props }).Variables).toEqual({ TABLE_NAME: { Ref: tableId } });
      const logging = p.LoggingConfig as { LogFormat: string; LogGroup: { Ref: string } };
      expect(logging.LogFormat).toBe('JSON');
      expect(logGroups[logging.LogGroup.Ref]?.Properties?.RetentionInDays).toBe(30);
      expect(dynamoActionsOf(template, fn)).toEqual([...job.actions].sort());
      const roleId = (p.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const dynamo = roleStatements(template, roleId).find((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')))!;
      expect(dynamo.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
      // Its schedule: every `everyMinutes`, targeting this function, not retried (the next run redoes it).
      const rule = rules.find((r) => JSON.stringify(r.Targets).includes(fnId))!;
      expect(rule.ScheduleExpression).toBe(job.everyMinutes === 60 ? 'rate(1 hour)' : `rate(${job.everyMinutes} minutes)`);
      expect(rule.State ?? 'ENABLED').toBe('ENABLED');
      expect(rule.Targets).toEqual([expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } })]);
      template.hasResourceProperties('AWS::Lambda::Permission', { FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] }, Principal: 'events.amazonaws.com' });
    }
  });
});

describe('HTTP API', () => {
  it('has one route per row with the row’s route key, `$default` included, each on its own function', () => {
    const routeResources = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route'));
    expect(routeResources).toHaveLength(routes.length);
    expect(routeResources.map((r) => r.Properties!.RouteKey).sort()).toEqual(routes.map((r) => r.routeKey).sort());
    expect(routes.some((r) => r.routeKey === '$default')).toBe(true);

    // Route → integration → function → the function's route name: the same row.
    const integrations = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration');
    const fns = appFunctions(template);
    for (const route of routeResources) {
      const target = JSON.stringify(route.Properties!.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(id));
      expect(integrationId).toBeDefined();
      const integration = integrations[integrationId!]!.Properties!;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      const fnId = (integration.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const row = routes.find((r) => r.routeKey === route.Properties!.RouteKey)!;
      expect(routeNameOf(fns[fnId]!)).toBe(row.name);
    }
  });

  it('has no default stage and one stage `api`: auto-deployed, throttled 50/100, JSON access logs kept 30 days', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const [, stage] = only(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage'));
    const p = stage.Properties!;
    expect(p.StageName).toBe('api');
    expect(p.AutoDeploy).toBe(true);
    expect(p.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const access = p.AccessLogSettings as { DestinationArn: { 'Fn::GetAtt': [string, string] }; Format: string };
    const format = JSON.parse(access.Format) as Record<string, string>;
    expect(format.requestId).toBe('$context.requestId');
    expect(format.status).toBe('$context.status');
    const group = resourcesOfType(template, 'AWS::Logs::LogGroup')[access.DestinationArn['Fn::GetAtt'][0]];
    expect(group?.Properties?.RetentionInDays).toBe(30);
  });

  it('memory size comes from context (for the benchmark)', () => {
    for (const fn of Object.values(appFunctions(configured))) expect(fn.Properties!.MemorySize).toBe(1024);
  });

  it('throttling comes from context', () => {
    configured.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 7, ThrottlingBurstLimit: 9 },
    });
  });

  it('has no CORS at all by default', () => {
    const [, api] = only(resourcesOfType(template, 'AWS::ApiGatewayV2::Api'));
    expect(api.Properties!.CorsConfiguration).toBeUndefined();
  });

  it('answers CORS for the context allow-list with the one CORS constant the handlers use locally (Retry-After exposed)', () => {
    const origins = CORS_ORIGINS;
    const t = configured;
    const [, api] = only(resourcesOfType(t, 'AWS::ApiGatewayV2::Api'));
    const cors = api.Properties!.CorsConfiguration as Record<string, unknown>;
    expect(cors).toEqual({
      AllowOrigins: origins,
      AllowHeaders: ['authorization', 'content-type', 'idempotency-key'],
      AllowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      ExposeHeaders: ['retry-after'],
      MaxAge: 600,
    });
    expect(cors).toEqual({
      AllowOrigins: origins,
      AllowHeaders: CORS.allowHeaders,
      AllowMethods: CORS.allowMethods,
      ExposeHeaders: CORS.exposeHeaders,
      MaxAge: CORS.maxAgeSeconds,
    });
    for (const fn of Object.values(appFunctions(t))) {
      expect((fn.Properties!.Environment as { Variables: Props }).Variables.CORS_ORIGINS).toBe(origins.join(','));
    }
  });

  it('does not reference the distribution (that would be a dependency cycle)', () => {
    const distId = logicalIdOfType(template, 'AWS::CloudFront::Distribution');
    const apiSide = [
      ...Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Api')),
      ...Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage')),
      ...Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route')),
      ...Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Integration')),
      ...Object.values(appFunctions(template)),
    ];
    expect(JSON.stringify(apiSide)).not.toContain(distId);
  });
});

describe('least privilege', () => {
  it('grants each function exactly its row’s actions, on the table ARN only', () => {
    const tableId = logicalIdOfType(template, 'AWS::DynamoDB::Table');
    for (const fn of Object.values(appFunctions(template))) {
      const row = routes.find((r) => r.name === routeNameOf(fn))!;
      expect(dynamoActionsOf(template, fn)).toEqual([...row.actions].sort());
      const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      for (const s of roleStatements(template, roleId)) {
        if (!actionsOf(s).some((a) => a.startsWith('dynamodb:'))) continue;
        expect(s.Effect).toBe('Allow');
        const table = { 'Fn::GetAtt': [tableId, 'Arn'] };
        // A route that queries the indexes: the table and exactly its indexes' ARNs (no wildcard).
        if (row.readsIndexes) expect(s.Resource).toEqual([table, ...TABLE_INDEXES.map((i) => ({ 'Fn::Join': ['', [table, `/index/${i.name}`]] }))]);
        else expect(s.Resource).toEqual(table);
      }
    }
  });

  it('gives the fallback no DynamoDB access at all', () => {
    const fallback = Object.values(appFunctions(template)).find((fn) => routeNameOf(fn) === 'Fallback')!;
    expect(dynamoActionsOf(template, fallback)).toEqual([]);
  });

  it('has no dynamodb:*, no DynamoDB action on *, no dynamodb:TransactWriteItems, no managed policies on app roles', () => {
    for (const policy of Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))) {
      for (const s of (policy.Properties!.PolicyDocument as { Statement: Parameters<typeof actionsOf>[0][] }).Statement) {
        const actions = actionsOf(s);
        expect(actions).not.toContain('dynamodb:*');
        expect(actions).not.toContain('dynamodb:TransactWriteItems');
        if (actions.some((a) => a.startsWith('dynamodb:'))) {
          expect(JSON.stringify(s.Resource)).not.toMatch(/"\*"/);
        }
      }
    }
    for (const fn of Object.values(appFunctions(template))) {
      const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const role = resourcesOfType(template, 'AWS::IAM::Role')[roleId]!;
      expect(role.Properties!.ManagedPolicyArns).toBeUndefined();
      // Logs: only its own log group.
      const logStatements = roleStatements(template, roleId).filter((s) => actionsOf(s).some((a) => a.startsWith('logs:')));
      expect(logStatements).toHaveLength(1);
      const logGroupRef = (fn.Properties!.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(logStatements[0]!.Resource).toEqual({ 'Fn::GetAtt': [logGroupRef, 'Arn'] });
    }
  });
});

describe('table', () => {
  it('is on-demand, encrypted, with PITR, deletion protection, RETAIN, TTL and the key schema of table.ts', () => {
    const [, table] = only(resourcesOfType(template, 'AWS::DynamoDB::Table'));
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    const p = table.Properties!;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    // SSEEnabled without a key: KMS with the AWS managed aws/dynamodb key (TableEncryption.AWS_MANAGED).
    expect(p.SSESpecification).toEqual({ SSEEnabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.DeletionProtectionEnabled).toBe(true);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_KEY.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: TABLE_KEY.sortKey.name, KeyType: 'RANGE' },
    ]);
    expect(p.AttributeDefinitions).toEqual([
      { AttributeName: TABLE_KEY.partitionKey.name, AttributeType: TABLE_KEY.partitionKey.type },
      { AttributeName: TABLE_KEY.sortKey.name, AttributeType: TABLE_KEY.sortKey.type },
      ...TABLE_INDEXES.flatMap((i) => [
        { AttributeName: i.partitionKey.name, AttributeType: i.partitionKey.type },
        { AttributeName: i.sortKey.name, AttributeType: i.sortKey.type },
      ]),
    ]);
    // The list index of table.ts, sparse (only index items carry its keys), projecting what the search reads.
    expect(p.GlobalSecondaryIndexes).toEqual(
      TABLE_INDEXES.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: i.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.projected] },
      })),
    );
  });

  it('adopts a retained table with existingTableName: no new table, grants on that table’s ARN', () => {
    const name = ADOPTED_TABLE;
    const t = configured;
    expect(resourcesOfType(t, 'AWS::DynamoDB::Table')).toEqual({});
    const arn = {
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':dynamodb:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:table/${name}`]],
    };
    for (const fn of Object.values(appFunctions(t))) {
      expect((fn.Properties!.Environment as { Variables: Props }).Variables.TABLE_NAME).toBe(name);
      const row = routes.find((r) => r.name === routeNameOf(fn))!;
      expect(dynamoActionsOf(t, fn)).toEqual([...row.actions].sort());
      const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      for (const s of roleStatements(t, roleId).filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')))) {
        if (!row.readsIndexes) expect(s.Resource).toEqual(arn);
        else {
          // The adopted table and its indexes' ARNs (the adoption creates the indexes it lacks).
          expect((s.Resource as unknown[])[0]).toEqual(arn);
          expect(JSON.stringify((s.Resource as unknown[]).slice(1))).toBe(JSON.stringify(TABLE_INDEXES.map((i) => ({ 'Fn::Join': ['', [...arn['Fn::Join'][1]!.slice(0, -1), `:table/${name}/index/${i.name}`]] }))));
        }
      }
    }
    t.hasOutput('TableName', { Value: name });
  });

  it('verifies an adopted table and turns its protections on before any function exists', () => {
    const name = ADOPTED_TABLE;
    const t = configured;
    const arn = {
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':dynamodb:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:table/${name}`]],
    };
    const [adoptionId, adoption] = only(resourcesOfType(t, TABLE_ADOPTION_TYPE));
    // The shape it checks comes from the one definition the created table uses.
    expect(adoption.Properties).toEqual({
      ServiceToken: { 'Fn::GetAtt': [expect.any(String), 'Arn'] },
      TableName: name,
      PartitionKey: { Name: TABLE_KEY.partitionKey.name, Type: TABLE_KEY.partitionKey.type },
      SortKey: { Name: TABLE_KEY.sortKey.name, Type: TABLE_KEY.sortKey.type },
      TimeToLiveAttribute: TTL_ATTRIBUTE,
      // The indexes it creates where missing, from the same definition.
      Indexes: TABLE_INDEXES.map((i) => ({
        Name: i.name,
        PartitionKey: { Name: i.partitionKey.name, Type: i.partitionKey.type },
        SortKey: { Name: i.sortKey.name, Type: i.sortKey.type },
        NonKeyAttributes: [...i.projected],
      })),
      // Changes with every synth: every deploy verifies the table again (tests/infra/adopt-table.test.ts).
      SynthesizedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const handlerId = (adoption.Properties!.ServiceToken as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const handler = resourcesOfType(t, 'AWS::Lambda::Function')[handlerId]!;
    expect(handler.Properties!.Runtime).toBe(FUNCTION_RUNTIME.name);
    expect(Object.keys(appFunctions(t))).not.toContain(handlerId);
    // Least privilege: its own log group, and exactly the calls it makes on that table only.
    const roleId = (handler.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = roleStatements(t, roleId);
    expect(statements).toHaveLength(2);
    const dynamo = statements.find((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')))!;
    expect(actionsOf(dynamo).sort()).toEqual([...TABLE_ADOPTION_ACTIONS].sort());
    expect(dynamo.Resource).toEqual(arn);
    const logs = statements.find((st) => st !== dynamo)!;
    expect(actionsOf(logs).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(logs.Resource).toEqual({ 'Fn::GetAtt': [(handler.Properties!.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref, 'Arn'] });
    // No function serves a request before the table was verified.
    for (const fn of [...Object.values(appFunctions(t)), ...Object.values(jobFunctions(t))]) expect(fn.DependsOn).toEqual(expect.arrayContaining([adoptionId]));
    // A created table needs none of it.
    expect(resourcesOfType(template, TABLE_ADOPTION_TYPE)).toEqual({});
  });
});

describe('site', () => {
  it('keeps the bucket private, TLS-only and encrypted, read by CloudFront through OAC', () => {
    const buckets = resourcesOfType(template, 'AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(2); // site + access logs
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties!.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
    const policies = Object.values(resourcesOfType(template, 'AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      expect(policy.Properties!.PolicyDocument).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      });
    }
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('names its account-global CloudFront policies per stack and region (no clash with another copy)', () => {
    const perRegion = { 'Fn::Join': ['', [{ Ref: 'AWS::StackName' }, Match.stringLikeRegexp('.+'), { Ref: 'AWS::Region' }]] };
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', { ResponseHeadersPolicyConfig: { Name: perRegion } });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', { OriginAccessControlConfig: { Name: perRegion } });
  });

  it('serves HTTPS only, HTTP/2 and 3, compressed, index.html as root', () => {
    const config = distributionConfig(template);
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.DefaultRootObject).toBe('index.html');
    const def = config.DefaultCacheBehavior as Props;
    expect(def.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(def.Compress).toBe(true);
    const origins = config.Origins as Props[];
    const s3Origin = origins.find((o) => o.Id === def.TargetOriginId)!;
    expect(s3Origin.S3OriginConfig).toBeDefined();
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    // Logging is on (to the log bucket), see the cdk-nag decision in site.ts.
    expect(config.Logging).toBeDefined();
  });

  it('never caches an error response, and keeps the origin’s body (no error page, no status rewrite)', () => {
    // CloudFront caches errors 10 s by default (5xx even with no-store): one 503 of the API
    // would be served to everyone behind that edge.
    const codes = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504];
    expect(distributionConfig(template).CustomErrorResponses).toEqual(codes.map((ErrorCode) => ({ ErrorCode, ErrorCachingMinTTL: 0 })));
  });

  it('applies the security headers of infra/security-headers.ts to both behaviours', () => {
    const [policyId, policy] = only(resourcesOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = (policy.Properties!.ResponseHeadersPolicyConfig as Props).SecurityHeadersConfig as Record<string, Props>;
    // The local servers' policy plus Cognito's endpoint of the stack's region (auth.test.ts).
    const csp = headers.ContentSecurityPolicy as { ContentSecurityPolicy: unknown; Override: boolean };
    expect(csp.Override).toBe(true);
    expect(renderValue(csp.ContentSecurityPolicy)).toBe(
      contentSecurityPolicy({ 'connect-src': ['https://cognito-idp.sa-east-1.amazonaws.com'] }),
    );
    expect(renderValue(csp.ContentSecurityPolicy)).toContain("script-src 'self';");
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: FRAME_OPTIONS, Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: REFERRER_POLICY, Override: true });
    const config = distributionConfig(template);
    const behaviours = [config.DefaultCacheBehavior as Props, ...(config.CacheBehaviors as Props[])];
    expect(behaviours).toHaveLength(2);
    for (const b of behaviours) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('runs the SPA rewrite function (from its file) on the default behaviour’s viewer requests only', () => {
    const [fnId, fn] = only(resourcesOfType(template, 'AWS::CloudFront::Function'));
    expect((fn.Properties!.FunctionConfig as Props).Runtime).toBe('cloudfront-js-2.0');
    expect(fn.Properties!.FunctionCode).toBe(fs.readFileSync(SPA_REWRITE_CODE_PATH, 'utf8'));
    const config = distributionConfig(template);
    expect((config.DefaultCacheBehavior as Props).FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ]);
    const [api] = config.CacheBehaviors as Props[];
    expect(api!.FunctionAssociations).toBeUndefined();
  });

  it('sends /api/* to the API untouched: no cache, all methods, all viewer headers but Host, no origin path, HTTPS', () => {
    const config = distributionConfig(template);
    const behaviours = config.CacheBehaviors as Props[];
    expect(behaviours).toHaveLength(1);
    const api = behaviours[0]!;
    expect(api.PathPattern).toBe('/api/*');
    expect(api.CachePolicyId).toBe(CACHING_DISABLED_ID);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER_ID);
    expect(api.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    expect(api.Compress).toBe(false); // the handler compresses
    const origin = (config.Origins as Props[]).find((o) => o.Id === api.TargetOriginId)!;
    expect(origin.OriginPath).toBeUndefined();
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    // The host name parsed out of the API endpoint (https://<id>.execute-api.<region>.amazonaws.com).
    const apiId = logicalIdOfType(template, 'AWS::ApiGatewayV2::Api');
    expect(JSON.stringify(origin.DomainName)).toContain(apiId);
    expect(JSON.stringify(origin.DomainName)).toContain('Fn::Split');
  });

  describe('CloudFront is the only door to the API (secret origin header)', () => {
    /** `{{resolve:secretsmanager:<the secret>:SecretString:::}}`, resolved by CloudFormation at deploy. */
    const dynamicReference = (t: Template) => ({
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: logicalIdOfType(t, 'AWS::SecretsManager::Secret') }, ':SecretString:::}}']],
    });

    it.each([
      ['default context', () => template],
      ['every option set', () => configured],
    ])('with the %s: a secret generated at deploy, sent by CloudFront to /api/* only', (_label, get) => {
      const t = get();
      const [, secret] = only(resourcesOfType(t, 'AWS::SecretsManager::Secret'));
      expect(secret.Properties!.GenerateSecretString).toEqual({ ExcludePunctuation: true, IncludeSpace: false, PasswordLength: 64 });
      expect(secret.Properties!.SecretString).toBeUndefined();
      const config = distributionConfig(t);
      const [api] = config.CacheBehaviors as Props[];
      const origins = config.Origins as Props[];
      const apiOrigin = origins.find((o) => o.Id === api!.TargetOriginId)!;
      expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY.header, HeaderValue: dynamicReference(t) }]);
      // The site's bucket never sees it.
      const s3Origin = origins.find((o) => o.Id === (config.DefaultCacheBehavior as Props).TargetOriginId)!;
      expect(s3Origin.OriginCustomHeaders).toBeUndefined();
    });

    it.each([
      ['default context', () => template],
      ['every option set', () => configured],
    ])('with the %s: every app function requires the same secret', (_label, get) => {
      const t = get();
      const fns = Object.values(appFunctions(t));
      expect(fns).toHaveLength(routes.length);
      for (const fn of fns) {
        expect((fn.Properties!.Environment as { Variables: Props }).Variables[ORIGIN_VERIFY.env]).toEqual(dynamicReference(t));
      }
    });

    it('never holds the value: the secret is referenced only by those dynamic references', () => {
      const json = JSON.stringify(template.toJSON());
      const secretId = logicalIdOfType(template, 'AWS::SecretsManager::Secret');
      // One reference per app function plus the origin header, and nothing else names the secret
      // (no output, no other property).
      const references = json.split(JSON.stringify(dynamicReference(template))).length - 1;
      expect(references).toBe(routes.length + 1);
      expect(json.split(`{"Ref":"${secretId}"}`).length - 1).toBe(references);
      expect(json).not.toMatch(/SecretString"\s*:\s*"/);
    });
  });

  it('uses the cloudfront.net certificate without a custom domain', () => {
    const config = distributionConfig(template);
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
    template.hasOutput('SiteUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOfType(template, 'AWS::CloudFront::Distribution'), 'DomainName'] }]] },
    });
  });

  it('takes a custom domain: alias, the us-east-1 certificate, TLS 1.2 minimum, SNI', () => {
    const certificateArn = CERTIFICATE_ARN;
    const t = configured;
    const config = distributionConfig(t);
    expect(config.Aliases).toEqual(['clientes.example.com.br']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    t.hasOutput('SiteUrl', { Value: 'https://clientes.example.com.br' });
  });

  it('deploys hashed assets for a year, unpruned, then root files and config.json no-cache with an invalidation', () => {
    const deployments = resourcesOfType(template, 'Custom::CDKBucketDeployment');
    const entries = Object.entries(deployments);
    expect(entries).toHaveLength(2);
    const [assetsId, assets] = entries.find(([, d]) => d.Properties!.DestinationBucketKeyPrefix === 'assets/')!;
    const [, root] = entries.find(([id]) => id !== assetsId)!;
    expect(assets.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(assets.Properties!.DistributionId).toBeUndefined();
    expect(root.Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionId: { Ref: logicalIdOfType(template, 'AWS::CloudFront::Distribution') },
      DistributionPaths: ['/index.html', '/', '/prerender/*', '/config.json'],
    });
    expect(root.Properties!.DestinationBucketKeyPrefix).toBeUndefined();
    // index.html only after the chunks it references are there.
    expect(root.DependsOn).toEqual(expect.arrayContaining([assetsId]));
  });

  it('lets the deployment helper invalidate this distribution only, and ships one AWS CLI layer (the one it uses)', () => {
    const distributionId = logicalIdOfType(template, 'AWS::CloudFront::Distribution');
    const helpers = Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).filter(([id]) => id.startsWith('CustomCDKBucketDeployment'));
    expect(helpers).toHaveLength(1);
    const [, helper] = helpers[0]!;
    const roleId = (helper.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const invalidation = roleStatements(template, roleId).filter((st) => actionsOf(st).some((a) => a.startsWith('cloudfront:')));
    expect(invalidation).toHaveLength(1);
    expect(actionsOf(invalidation[0]!).sort()).toEqual(['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation']);
    expect(invalidation[0]!.Resource).toEqual({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: distributionId }]],
    });
    // The helper runs `aws s3 sync` from its AWS CLI layer; the second deployment's copy was unused.
    const [layerId] = only(resourcesOfType(template, 'AWS::Lambda::LayerVersion'));
    expect(helper.Properties!.Layers).toEqual([{ Ref: layerId }]);
  });

  it('says to run `npm run build` when web/dist is missing', () => {
    const empty = tempDir('clientela-nodist-');
    try {
      expect(() => synthTemplate({ webDist: empty.dir })).toThrow(/npm run build/);
    } finally {
      empty.remove();
    }
  });
});

describe('alarms and outputs', () => {
  it('alarms on what matters into one topic CloudWatch may publish to: at most 10 alarm metrics, each alarm with an action', () => {
    const [topicId, topic] = only(resourcesOfType(template, 'AWS::SNS::Topic'));
    // No customer managed key ($1/month for alarm names and numbers): acknowledged with a reason.
    expect(topic.Properties!.KmsMasterKeyId).toBeUndefined();
    template.resourceCountIs('AWS::KMS::Key', 0);
    // The topic policy (written for enforceSSL) replaces SNS's default one: it must let this
    // account's CloudWatch alarms publish, or no alarm e-mail is ever sent.
    const [, policy] = only(resourcesOfType(template, 'AWS::SNS::TopicPolicy'));
    expect(policy.Properties!.Topics).toEqual([{ Ref: topicId }]);
    const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    const allow = statements.filter((s) => s.Effect === 'Allow');
    expect(allow).toHaveLength(1);
    expect(allow[0]).toMatchObject({
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Resource: { Ref: topicId },
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } }, ArnLike: { 'aws:SourceArn': expect.anything() } },
    });
    expect(statements.find((s) => s.Effect === 'Deny')).toMatchObject({ Condition: { Bool: { 'aws:SecureTransport': 'false' } } });

    const alarms = Object.fromEntries(
      Object.entries(resourcesOfType(template, 'AWS::CloudWatch::Alarm')).map(([id, a]) => [id.replace(/^Alarms/, '').replace(/[0-9A-F]{8}$/, ''), a.Properties!]),
    );
    expect(Object.keys(alarms).sort()).toEqual(
      ['Api5xx', 'Api4xxRatio', 'Api429', 'TableThrottles', 'LambdaThrottles', ...jobs.filter((j) => j.alarmed !== false).flatMap((j) => [`${j.name}Errors`, `${j.name}Silent`])].sort(),
    );
    const metricCount = Object.values(alarms).reduce((n, a) => n + alarmMetricCount(a as never), 0);
    console.log(`alarms: ${Object.keys(alarms).length}, alarm metrics: ${metricCount} (at most ${MAX_ALARM_METRICS})`);
    expect(metricCount).toBeLessThanOrEqual(MAX_ALARM_METRICS);
    for (const alarm of Object.values(alarms)) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
      expect(String(alarm.AlarmDescription).length).toBeGreaterThan(30);
    }
    expect(alarms.Api5xx).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5xx', Threshold: 1, TreatMissingData: 'notBreaching' });
    expect(alarms.Api5xx!.Dimensions).toEqual(expect.arrayContaining([{ Name: 'Stage', Value: 'api' }]));

    // The 4xx ratio: >= 50 % of at least 20 requests in 15 minutes.
    const ratio = alarms.Api4xxRatio!;
    expect(ratio).toMatchObject({ Threshold: 50, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 1 });
    const ratioMetrics = ratio.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string }; Period: number } }[];
    expect(ratioMetrics.find((m) => m.Expression)!.Expression).toBe('IF(requests >= 20, 100 * FILL(refused, 0) / requests, 0)');
    expect(ratioMetrics.filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat!.Metric.MetricName, m.MetricStat!.Period]).sort()).toEqual([
      ['refused', '4xx', 900],
      ['requests', 'Count', 900],
    ]);

    // The sweep's errors, and its absence: no successful run for 2 hours, missing data breaching.
    for (const job of jobs.filter((j) => j.alarmed !== false)) {
      expect(alarms[`${job.name}Errors`]).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Threshold: 1 });
      const silent = alarms[`${job.name}Silent`]!;
      expect(silent).toMatchObject({ ComparisonOperator: 'LessThanThreshold', Threshold: 1, EvaluationPeriods: 2, TreatMissingData: 'breaching' });
      const metrics = silent.Metrics as { Expression?: string; MetricStat?: { Metric: { MetricName: string }; Period: number } }[];
      expect(metrics.find((m) => m.Expression)!.Expression).toBe('FILL(runs, 0) - FILL(failed, 0)');
      expect(metrics.filter((m) => m.MetricStat).map((m) => [m.MetricStat!.Metric.MetricName, m.MetricStat!.Period]).sort()).toEqual([
        ['Errors', 3600],
        ['Invocations', 3600],
      ]);
    }
    // The table's read and write throttle events; Lambda's account-wide Throttles (no dimension).
    const table = alarms.TableThrottles!.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: unknown[] } } }[];
    expect(table.filter((m) => m.MetricStat).map((m) => m.MetricStat!.Metric.MetricName).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    expect(alarms.LambdaThrottles).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum' });
    expect(alarms.LambdaThrottles!.Dimensions).toBeUndefined();

    // 429s at the stage: HTTP APIs have no 429 metric, so a filter on the access log counts them,
    // with the stack's name as a dimension (a staging copy counts its own).
    const [, filter] = only(resourcesOfType(template, 'AWS::Logs::MetricFilter'));
    const accessLogGroup = (only(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage'))[1].Properties!.AccessLogSettings as {
      DestinationArn: { 'Fn::GetAtt': [string, string] };
      Format: string;
    });
    expect(filter.Properties!.LogGroupName).toEqual({ Ref: accessLogGroup.DestinationArn['Fn::GetAtt'][0] });
    // The access log writes status as a JSON string, so the pattern compares a string.
    expect(JSON.parse(accessLogGroup.Format)).toMatchObject({ status: '$context.status', stack: STACK_NAME });
    expect(filter.Properties!.FilterPattern).toBe('{ $.status = "429" }');
    const [transformation] = filter.Properties!.MetricTransformations as Props[];
    expect(transformation).toEqual({
      MetricNamespace: 'Clientela',
      MetricName: 'ApiThrottledRequests',
      MetricValue: '1',
      Dimensions: [{ Key: 'Stack', Value: '$.stack' }],
    });
    expect(alarms.Api429).toMatchObject({ Namespace: 'Clientela', Statistic: 'Sum', Period: 300, Threshold: 1, Dimensions: [{ Name: 'Stack', Value: STACK_NAME }] });
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('sends the invitations from Cognito’s own sender unless sesFromEmail is set (settings.test.ts)', () => {
    const [, pool] = only(resourcesOfType(template, 'AWS::Cognito::UserPool'));
    expect(pool.Properties!.EmailConfiguration).toBeUndefined();
  });

  it('records the caller and the authorizer’s error in the access log', () => {
    const [, stage] = only(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage'));
    const format = JSON.parse((stage.Properties!.AccessLogSettings as { Format: string }).Format) as Record<string, string>;
    expect(format).toMatchObject({ user: '$context.authorizer.claims.username', authorizerError: '$context.authorizer.error' });
  });

  it('has one dashboard of AWS’s own metrics plus a Logs Insights widget with the p95 per route', () => {
    const [, dashboard] = only(resourcesOfType(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard.Properties!.DashboardName).toBe(STACK_NAME);
    const body = renderValue(dashboard.Properties!.DashboardBody);
    const widgets = (JSON.parse(body) as { widgets: { type: string; properties: { metrics?: unknown[][]; query?: string } }[] }).widgets;
    const namespaces = new Set(widgets.flatMap((w) => (w.properties.metrics ?? []).map((m) => m[0])));
    expect([...namespaces].every((n) => typeof n === 'string' && n.startsWith('AWS/'))).toBe(true);
    const logs = widgets.filter((w) => w.type === 'log');
    expect(logs).toHaveLength(1);
    expect(logs[0]!.properties.query).toMatch(/stats pct\(responseLatency, 95\) as p95_ms, count\(\*\) as requests by routeKey/);
  });

  it('has a monthly budget that e-mails the alarm address (at 80 % spent, 100 % forecast), account-wide until the tag is activated', () => {
    const [, budget] = only(resourcesOfType(configured, 'AWS::Budgets::Budget'));
    expect(budget.Properties!.Budget).toEqual({
      BudgetName: `${STACK_NAME}-monthly`,
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 5, Unit: 'USD' },
    });
    const notifications = budget.Properties!.NotificationsWithSubscribers as { Notification: Props; Subscribers: Props[] }[];
    expect(notifications.map((n) => [n.Notification.NotificationType, n.Notification.Threshold])).toEqual([
      ['ACTUAL', 80],
      ['FORECASTED', 100],
    ]);
    for (const n of notifications) expect(n.Subscribers).toEqual([{ SubscriptionType: 'EMAIL', Address: 'ti@example.com.br' }]);
  });

  it.each([
    ['default', () => template],
    ['every option set (an adopted table: its verification function too)', () => configured],
  ])('gives every log group a retention, and every function (CDK’s helpers too) its own log group: %s', (_label, get) => {
    const t = get();
    const groups = resourcesOfType(t, 'AWS::Logs::LogGroup');
    for (const [id, group] of Object.entries(groups)) expect(group.Properties?.RetentionInDays, id).toBe(30);
    const fns = Object.entries(resourcesOfType(t, 'AWS::Lambda::Function'));
    expect(fns.length).toBeGreaterThan(routes.length);
    for (const [id, fn] of fns) {
      const logGroup = (fn.Properties!.LoggingConfig as { LogGroup?: { Ref: string } } | undefined)?.LogGroup;
      expect(logGroup?.Ref, id).toBeDefined();
      expect(Object.keys(groups), id).toContain(logGroup!.Ref);
    }
  });

  it('subscribes the alarm e-mail from context', () => {
    configured.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ti@example.com.br' });
  });

  it('outputs the site URL, the table name, the distribution domain, the alarm topic, the user pool, and not the execute-api URL', () => {
    // The execute-api URL only answers 403 (no CloudFront origin header): not worth publishing.
    const outputs = template.toJSON().Outputs as Record<string, unknown>;
    expect(Object.keys(outputs).sort()).toEqual([
      'AlarmTopicArn',
      'DistributionDomainName',
      'Settings',
      'SiteUrl',
      'TableName',
      'UserPoolClientId',
      'UserPoolId',
    ]);
    expect(JSON.stringify(outputs)).not.toContain('ApiEndpoint');
    template.hasOutput('TableName', { Value: { Ref: logicalIdOfType(template, 'AWS::DynamoDB::Table') } });
    template.hasOutput('SiteUrl', {});
    template.hasOutput('DistributionDomainName', {
      Value: { 'Fn::GetAtt': [logicalIdOfType(template, 'AWS::CloudFront::Distribution'), 'DomainName'] },
    });
    template.hasOutput('AlarmTopicArn', { Value: { Ref: logicalIdOfType(template, 'AWS::SNS::Topic') } });
  });
});

describe('context', () => {
  it('names the stack', () => {
    expect(STACK_NAME).toBe('Clientela');
  });

  it.each([
    [{ domainName: 'clientes.example.com.br' }, /go together/],
    [{ domainName: 'a.example.com', certificateArn: 'arn:aws:acm:sa-east-1:123456789012:certificate/abc' }, /us-east-1/],
    [{ logRetentionDays: 31 }, /retention/],
    [{ throttleRateLimit: -1 }, /positive/],
    [{ corsOrigins: ['https://example.com/path'] }, /not an origin/],
    [{ bundleAwsSdk: 'yes' }, /true or false/],
    [{ memorySize: 64 }, /128 to 10240/],
  ])('rejects invalid context %j', (context, message) => {
    expect(() => synthTemplate(context)).toThrow(message);
  });
});

describe('stateful resources: frozen ids, and the upgrade check against the released templates', () => {
  it('keeps the logical id of every stateful resource (table, pool, client, group, first administrator, buckets, secret)', () => {
    const ids = (t: Template, type: string) => Object.keys(resourcesOfType(t, type)).sort();
    for (const [type, pinned] of Object.entries(PINNED_LOGICAL_IDS)) {
      // The first administrator exists only with adminEmail (the configured synth); the table
      // only without existingTableName (the default one).
      const t = type.startsWith('AWS::Cognito::UserPoolUser') ? configured : template;
      expect(ids(t, type), type).toEqual([...pinned]);
    }
    // The table and the pool stay in their own stack with their RETAIN policies.
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  it.each(releaseSnapshots())('replaces, deletes or orphans no stateful resource of release %s', (_version, file) => {
    const released = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const changes = destructiveChanges(released as never, template.toJSON() as never);
    expect(describeChanges(changes)).toBe('');
  });

  it('fails on a planted rename of the table’s construct id (a new logical id: a new, empty table)', () => {
    const [[, file]] = releaseSnapshots().slice(-1) as [[string, string]];
    const released = JSON.parse(fs.readFileSync(file, 'utf8')) as { Resources: Record<string, unknown> };
    // What renaming the construct `Table` to `Store` does to the template: the same resource
    // under another logical id, every reference to it following.
    const renamed = JSON.parse(JSON.stringify(template.toJSON()).replaceAll('DataTableFDBAD0F2', 'DataStore1C7E2B9A')) as never;
    const changes = destructiveChanges(released as never, renamed);
    expect(changes).toEqual([expect.objectContaining({ logicalId: 'DataTableFDBAD0F2', type: 'AWS::DynamoDB::Table', impact: 'WILL_ORPHAN' })]);
    // And a property that forces a replacement (the key schema) is caught as one.
    const rekeyed = JSON.parse(JSON.stringify(template.toJSON())) as { Resources: Record<string, { Properties: Record<string, unknown> }> };
    rekeyed.Resources.DataTableFDBAD0F2!.Properties.KeySchema = [{ AttributeName: 'pk', KeyType: 'HASH' }];
    expect(destructiveChanges(released as never, rekeyed as never)).toEqual([
      expect.objectContaining({ logicalId: 'DataTableFDBAD0F2', impact: 'WILL_REPLACE', causes: ['KeySchema'] }),
    ]);
    expect(STATEFUL_TYPES).toEqual(expect.arrayContaining(Object.keys(PINNED_LOGICAL_IDS).filter((t) => t !== 'AWS::S3::Bucket')));
  });
});
