/**
 * The settings file (infra/settings.ts, read by infra/app.ts): its schema and checks, the refusal
 * of settings left in cdk.json and of `-c` values that differ from it, repeatable synths, and what
 * the environment, allowed networks, SES sender and an origin-secret rotation put in the template.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/app.ts';
import { STACK_TAG } from '../../infra/constructs/alarms.ts';
import { viewerRequestCode } from '../../infra/constructs/site.ts';
import {
  loweredSettings,
  MFA_OFF_REFUSED,
  OPEN_ACCESS_ACKNOWLEDGEMENT,
  parseSettings,
  publishedSettings,
  refuseCommandLineOverrides,
  refuseSettingsInCdkJson,
  SETTING_KEYS,
  SETTINGS_EXAMPLE_FILE,
  stackNameOf,
} from '../../infra/settings.ts';
import { ORIGIN_VERIFY } from '../../lambdas/routes.ts';
import { appFunctions, cdkJsonContext, only, resourcesOfType, synth, type Synthesized } from './support.ts';

const example = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, SETTINGS_EXAMPLE_FILE), 'utf8')) as Record<string, unknown>;

describe('the settings file', () => {
  it('has a committed example that passes the schema, and the real file is ignored by git', () => {
    expect(() => parseSettings(example)).not.toThrow();
    const gitignore = fs.readFileSync(path.join(PROJECT_ROOT, '.gitignore'), 'utf8').split('\n');
    expect(gitignore).toContain('clientela.config.json');
    expect(gitignore).toContain(`!${SETTINGS_EXAMPLE_FILE}`);
  });

  it('fills every default from an empty file', () => {
    expect(parseSettings({})).toEqual({
      auth: 'on',
      allowedCidrs: [],
      mfa: 'optional',
      sessionDays: 30,
      threatProtection: 'off',
      trashDays: 30,
      corsOrigins: [],
      throttleRateLimit: 50,
      throttleBurstLimit: 100,
      logRetentionDays: 30,
      monthlyBudgetUsd: 5,
      budgetByTag: false,
      timeZone: 'America/Sao_Paulo',
    });
  });

  it.each([
    [{ mfa: 'off' }, MFA_OFF_REFUSED],
    [{ mfa: 'off' }, /administrators need TOTP/],
    [{ auth: 'off' }, /auth "off" makes every route public .* needs "openAccess": "anyone with the URL can read, change and delete every record"/],
    [{ auth: 'off', openAccess: 'sim' }, /openAccess must be exactly/],
    [{ openAccess: OPEN_ACCESS_ACKNOWLEDGEMENT }, /remove it while sign-in is on/],
    [{ environment: 'Staging' }, /environment must be lower-case/],
    [{ allowedCidrs: ['203.0.113.0/33'] }, /not an IPv4 or IPv6 network/],
    [{ allowedCidrs: ['2001:db8::1::/64'] }, /not an IPv4 or IPv6 network/],
    [{ allowedCidrs: '203.0.113.0/24' }, /allowedCidrs/],
    [{ timeZone: 'America/Brasilia' }, /not an IANA time zone/],
    [{ monthlyBudgetUsd: 0 }, /monthlyBudgetUsd must be a positive number/],
    [{ sesFromEmail: 'convites' }, /sesFromEmail must be an e-mail address/],
    [{ mfaa: 'required' }, /unknown key\(s\) mfaa/],
    [{ originSecretVersions: { current: 'x' } }, /version id/],
  ])('refuses %j', (input, message) => {
    expect(() => parseSettings(input)).toThrow(message);
  });

  it('takes IPv4 and IPv6 networks, an environment and a time zone', () => {
    const s = parseSettings({ allowedCidrs: ['203.0.113.0/24', '2001:db8::/32', '::/0'], environment: 'staging', timeZone: 'America/Manaus' });
    expect(s).toMatchObject({ allowedCidrs: ['203.0.113.0/24', '2001:db8::/32', '::/0'], environment: 'staging', timeZone: 'America/Manaus' });
    expect(stackNameOf(s)).toBe('Clientela-staging');
    expect(stackNameOf(parseSettings({}))).toBe('Clientela');
  });

  it('refuses a setting left in cdk.json, naming it, and the real cdk.json holds none', () => {
    expect(() => refuseSettingsInCdkJson({ mfa: 'required', alarmEmail: 'a@b.com', '@aws-cdk/core:x': true })).toThrow(
      /cdk.json holds the setting\(s\) mfa, alarmEmail: settings live in clientela.config.json now/,
    );
    expect(Object.keys(cdkJsonContext()).filter((k) => SETTING_KEYS.includes(k))).toEqual([]);
  });

  it('refuses a -c value that differs from the file, and lets the same value through', () => {
    const settings = parseSettings({ mfa: 'required', corsOrigins: ['https://a.example.com'], throttleRateLimit: 20 });
    expect(() => refuseCommandLineOverrides({ mfa: 'optional' }, settings)).toThrow(
      /-c mfa=optional \(clientela.config.json: "required"\): a -c value that differs from clientela.config.json would be undone by the next deploy/,
    );
    expect(() => refuseCommandLineOverrides({ alarmEmail: 'x@y.com' }, settings)).toThrow(/-c alarmEmail=x@y.com \(clientela.config.json: not set\)/);
    expect(() => refuseCommandLineOverrides({ mfa: 'required', corsOrigins: 'https://a.example.com', throttleRateLimit: '20', other: 1 }, settings)).not.toThrow();
  });

  it('asks for --accept-change when a deploy lowers mfa, threatProtection or auth, or drops the alarm e-mail', () => {
    const deployed = publishedSettings(parseSettings({ mfa: 'required', threatProtection: 'enforced', alarmEmail: 'ti@empresa.com.br' }));
    expect(loweredSettings(deployed, deployed)).toEqual([]);
    expect(loweredSettings(deployed, publishedSettings(parseSettings({})))).toEqual([
      'mfa: "required" → "optional"',
      'threatProtection: "enforced" → "off"',
      'alarmEmail: "ti@empresa.com.br" → none (alarms would reach nobody)',
    ]);
    const open = publishedSettings(parseSettings({ auth: 'off', openAccess: OPEN_ACCESS_ACKNOWLEDGEMENT }));
    expect(loweredSettings(publishedSettings(parseSettings({})), open)).toEqual(['auth: "on" → "off"']);
    // Raising is never asked about; an older stack without the output compares nothing.
    expect(loweredSettings(publishedSettings(parseSettings({})), deployed)).toEqual([]);
    expect(loweredSettings({}, open)).toEqual([]);
    // The first administrator's address is the alarm e-mail by default.
    expect(publishedSettings(parseSettings({ adminEmail: 'TI@Empresa.com.br' })).alarmEmail).toBe('ti@empresa.com.br');
  });
});

describe('synthesized from the settings file', () => {
  /** Two synths of one file with every option that changes the template (the staging copy's). */
  let first: Synthesized;
  let second: Synthesized;
  const STAGING = {
    environment: 'staging',
    adminEmail: 'ti@empresa.com.br',
    allowedCidrs: ['203.0.113.0/24', '2001:db8::/32'],
    sesFromEmail: 'convites@empresa.com.br',
    budgetByTag: true,
    monthlyBudgetUsd: 3,
    originSecretVersions: { current: 'a1b2c3d4-0000-4000-8000-000000000001', previous: 'a1b2c3d4-0000-4000-8000-000000000000' },
  };
  beforeAll(() => {
    // The adopted table's SynthesizedAt changes on every synth by design (its verification
    // reruns). No alarmEmail: the first administrator gets the alarms.
    const file: Record<string, unknown> = { ...example, ...STAGING, existingTableName: 'Clientela-DataTableFDBAD0F2-1A2B3C4D5E6F' };
    delete file.alarmEmail;
    first = synth(file);
    second = synth(file);
  });
  afterAll(() => {
    for (const s of [first, second]) s?.remove();
  });
  const staging = { get template() { return first.template; }, get stack() { return first.stack; } };

  it('gives the same template twice (the adopted table’s SynthesizedAt aside)', () => {
    const normalize = (s: Synthesized) =>
      JSON.stringify(s.template.toJSON()).replace(/"SynthesizedAt":"[^"]+"/g, '"SynthesizedAt":"<time>"');
    expect(normalize(first)).toBe(normalize(second));
    expect(JSON.stringify(first.template.toJSON())).toMatch(/"SynthesizedAt":"\d{4}-/);
    for (const s of [first, second]) expect(s.findings).toEqual([]);
  });

  it('refuses a -c override of a security setting without a change of the file', () => {
    expect(() => synth(example, { cli: { mfa: 'required' } }).remove()).toThrow(/-c mfa=required \(clientela.config.json: "optional"\)/);
    expect(() => synth(example, { cli: { auth: 'off' } }).remove()).toThrow(/Change clientela.config.json instead/);
  });

  it('refuses auth "off" without the acknowledgement', () => {
    expect(() => synth({ auth: 'off', openAccess: undefined }).remove()).toThrow(/it also needs "openAccess"/);
  });

  it('names the staging stack, its dashboard, budget and 429 metric after the environment', () => {
    expect(staging.stack.stackName).toBe('Clientela-staging');
    expect(staging.stack.artifactId).toBe('Clientela-staging');
    const [, dashboard] = only(resourcesOfType(staging.template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard.Properties!.DashboardName).toBe('Clientela-staging');
    const [, budget] = only(resourcesOfType(staging.template, 'AWS::Budgets::Budget'));
    expect(budget.Properties!.Budget).toMatchObject({
      BudgetName: 'Clientela-staging-monthly',
      BudgetLimit: { Amount: 3, Unit: 'USD' },
      // Counted by the stack's cost-allocation tag (budgetByTag).
      CostFilters: { TagKeyValue: [`user:${STACK_TAG}$Clientela-staging`] },
    });
    const alarm = Object.values(resourcesOfType(staging.template, 'AWS::CloudWatch::Alarm')).find((a) => a.Properties!.MetricName === 'ApiThrottledRequests')!;
    expect(alarm.Properties!.Dimensions).toEqual([{ Name: 'Stack', Value: 'Clientela-staging' }]);
    // Every taggable resource carries the tag (the secret, for one).
    const [, secret] = only(resourcesOfType(staging.template, 'AWS::SecretsManager::Secret'));
    expect(secret.Properties!.Tags).toEqual(expect.arrayContaining([{ Key: STACK_TAG, Value: 'Clientela-staging' }]));
    // The alarms and the budget default to the first administrator.
    staging.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ti@empresa.com.br' });
  });

  it('checks the allowed networks in the one viewer-request function of both behaviours', () => {
    const [fnId, fn] = only(resourcesOfType(staging.template, 'AWS::CloudFront::Function'));
    expect(fn.Properties!.FunctionCode).toBe(viewerRequestCode(STAGING.allowedCidrs));
    expect(fn.Properties!.FunctionCode).toContain('var ALLOWED_NETWORKS = ["203.0.113.0/24","2001:db8::/32"];');
    const [, dist] = only(resourcesOfType(staging.template, 'AWS::CloudFront::Distribution'));
    const config = dist.Properties!.DistributionConfig as {
      DefaultCacheBehavior: { FunctionAssociations: unknown[] };
      CacheBehaviors: { PathPattern: string; FunctionAssociations?: unknown[] }[];
    };
    const association = [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } }];
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual(association);
    // Without networks the API's behaviour runs no function, as before (stack.test.ts).
    expect(config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!.FunctionAssociations).toEqual(association);
  });

  it('sends the invitations from the SES sender', () => {
    const [, pool] = only(resourcesOfType(staging.template, 'AWS::Cognito::UserPool'));
    // Without sesFromEmail: Cognito's own sender (stack.test.ts).
    expect(pool.Properties!.EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: 'convites@empresa.com.br' });
  });

  it('during an origin-secret rotation sends the pinned current version and accepts the previous one too', () => {
    const [secretId] = only(resourcesOfType(staging.template, 'AWS::SecretsManager::Secret'));
    const ref = (version: string) => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, `:SecretString:::${version}}}`]] });
    for (const fn of Object.values(appFunctions(staging.template))) {
      const env = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env[ORIGIN_VERIFY.env]).toEqual(ref(STAGING.originSecretVersions.current));
      expect(env[ORIGIN_VERIFY.previousEnv]).toEqual(ref(STAGING.originSecretVersions.previous));
    }
    const [, dist] = only(resourcesOfType(staging.template, 'AWS::CloudFront::Distribution'));
    expect(JSON.stringify(dist.Properties)).toContain(JSON.stringify(ref(STAGING.originSecretVersions.current)).slice(1, -1));
    // Outside a rotation no function has the previous value (stack.test.ts lists their variables).
    expect(JSON.stringify(dist.Properties)).not.toContain(STAGING.originSecretVersions.previous);
  });
});
