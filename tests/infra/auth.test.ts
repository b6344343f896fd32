/**
 * Sign-in in the cloud: the user pool and its client as specified, the
 * first administrator, the JWT authorizer on every route, the users functions' IAM (from a test
 * route table with Cognito actions), the functions' sign-in environment, the CSP's Cognito
 * endpoint, `/config.json`, `"auth": "off"` (the spec's open mode) and cdk-nag in every mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ACCESS_WARNING } from '../../infra/clientela-stack.ts';
import { identityEmails } from '../../infra/constructs/identity.ts';
import { AUTH_ENV_NAMES, COGNITO_PASSWORD_POLICY } from '../../infra/local/user-pool.ts';
import { CONFIG_PATH } from '../../infra/local/auth-routes.ts';
import { WEB_CONFIG_FILE } from '../../infra/constructs/site.ts';
import { contentSecurityPolicy, CONTENT_SECURITY_POLICY } from '../../infra/security-headers.ts';
import { ADMIN_GROUP, CLIENT_WRITE_ATTRIBUTES, PASSWORD_POLICY, TOKEN_VALIDITY } from '../../lambdas/contract/auth.ts';
import { isPublic, isSignInOnly, routes } from '../../lambdas/routes.ts';
import {
  acknowledgements,
  actionsOf,
  appFunctions,
  deployedWebConfig,
  only,
  renderValue,
  resourcesOfType,
  roleStatements,
  routeNameOf,
  synth,
  USERS_TEST_OVERRIDES,
  USERS_TEST_ROUTES,
  type Resources,
  type Synthesized,
} from './support.ts';

type Props = Record<string, unknown>;

const roleOf = (fn: Resources[string]) => (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
const envOf = (fn: Resources[string]) => (fn.Properties!.Environment as { Variables: Props }).Variables;
const cognitoStatements = (s: Synthesized, fn: Resources[string]) =>
  roleStatements(s.template, roleOf(fn)).filter((st) => actionsOf(st).some((a) => a.startsWith('cognito-idp:')));
const cspOf = (s: Synthesized) => {
  const [, policy] = only(resourcesOfType(s.template, 'AWS::CloudFront::ResponseHeadersPolicy'));
  const config = policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: { ContentSecurityPolicy: Props } };
  return config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
};

const ADMIN = 'TI@Empresa.com.br';

/** Sign-in on (the default), the test route table, a first administrator, CORS on. */
let on: Synthesized & { error: unknown };
/** Stricter options: MFA required, 90-day sessions, threat protection enforced (Plus plan). */
let strict: Synthesized & { error: unknown };
/** MFA optional, threat protection in audit mode. */
let loose: Synthesized & { error: unknown };
/** `"auth": "off"`, the test route table. */
let off: Synthesized & { error: unknown };
/** `"auth": "off"`, the real route table (the users API included). */
let offReal: Synthesized & { error: unknown };

beforeAll(() => {
  on = synth({ adminEmail: ADMIN, corsOrigins: ['https://app.example.com.br'] }, { overrides: USERS_TEST_OVERRIDES });
  strict = synth({ mfa: 'required', sessionDays: 90, threatProtection: 'enforced' });
  loose = synth({ mfa: 'optional', threatProtection: 'audit' });
  off = synth({ auth: 'off' }, { overrides: USERS_TEST_OVERRIDES });
  offReal = synth({ auth: 'off' });
});
afterAll(() => {
  for (const s of [on, strict, loose, off, offReal]) s?.remove();
});

describe('cdk-nag with sign-in options', () => {
  it.each([
    ['sign-in on, test routes, admin, CORS', () => on],
    ['mfa=required, threatProtection=enforced', () => strict],
    ['mfa=optional, threatProtection=audit', () => loose],
    ['auth=off', () => off],
  ])('leaves no unacknowledged finding with %s', (_label, get) => {
    const s = get();
    expect(s.findings).toEqual([]);
    expect(s.error).toBeUndefined();
  });

  it('acknowledges only what is really not done: COG2 unless MFA is required, COG8 unless on Plus, APIG4 only with auth=off', () => {
    const ids = (s: Synthesized) => acknowledgements(s.stack).map(([, id]) => id);
    expect(ids(on)).toEqual(expect.arrayContaining(['AwsSolutions-COG2', 'AwsSolutions-COG8']));
    expect(ids(on)).not.toContain('AwsSolutions-APIG4');
    expect(ids(strict)).not.toContain('AwsSolutions-COG2');
    expect(ids(strict)).not.toContain('AwsSolutions-COG8');
    expect(ids(loose)).toContain('AwsSolutions-COG2');
    expect(ids(loose)).not.toContain('AwsSolutions-COG8');
    expect(ids(off)).toContain('AwsSolutions-APIG4');
    const [, , apig4] = acknowledgements(off.stack).find(([, id]) => id === 'AwsSolutions-APIG4')!;
    expect(apig4).toMatch(/auth "off" \(clientela.config.json, with its openAccess acknowledgement\)/);
    expect(apig4).toMatch(/anyone with the URL can read and change the data/);
    const reasons = Object.fromEntries(acknowledgements(on.stack).map(([, id, reason]) => [id, reason]));
    expect(reasons['AwsSolutions-COG8']).toMatch(/"threatProtection": "audit" or "enforced" in clientela.config.json/);
    expect(reasons['AwsSolutions-COG2']).toMatch(/"mfa": "required" in clientela.config.json/);
  });
});

describe('user pool', () => {
  const pool = (s: Synthesized) => only(resourcesOfType(s.template, 'AWS::Cognito::UserPool'))[1];

  it('uses the e-mail as the user name, case-insensitive: no username attributes, no aliases', () => {
    const p = pool(on).Properties!;
    expect(p.UsernameAttributes).toBeUndefined();
    expect(p.AliasAttributes).toBeUndefined();
    expect(p.UsernameConfiguration).toEqual({ CaseSensitive: false });
    // The e-mail is required and can't be changed afterwards (it is the identity, like the user name).
    expect(p.Schema).toEqual([{ Name: 'email', Required: true, Mutable: false }]);
    expect(p.AutoVerifiedAttributes).toEqual(['email']);
  });

  it('has no self sign-up: only administrators create users', () => {
    expect(pool(on).Properties!.AdminCreateUserConfig).toMatchObject({ AllowAdminCreateUserOnly: true });
  });

  it('has the password policy of lambdas/contract/auth.ts, the same as the local pool', () => {
    expect((pool(on).Properties!.Policies as Props).PasswordPolicy).toEqual(COGNITO_PASSWORD_POLICY);
    expect(PASSWORD_POLICY.minLength).toBeGreaterThanOrEqual(12);
  });

  it('offers TOTP only, optional by default or required by the settings (never off: administrators need it)', () => {
    expect(pool(on).Properties).toMatchObject({ MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    expect(pool(strict).Properties).toMatchObject({ MfaConfiguration: 'ON', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    expect(pool(loose).Properties).toMatchObject({ MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    // Never an SMS role (no SMS at all).
    for (const s of [on, strict, loose]) expect(pool(s).Properties!.SmsConfiguration).toBeUndefined();
  });

  it('recovers accounts by e-mail only', () => {
    expect(pool(on).Properties!.AccountRecoverySetting).toEqual({ RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] });
  });

  it('sends the invitation and the codes in Brazilian Portuguese, naming the site URL', () => {
    const p = pool(on).Properties!;
    const siteUrl = '${SiteDistribution.DomainName}';
    const distributionId = only(resourcesOfType(on.template, 'AWS::CloudFront::Distribution'))[0];
    const render = (v: unknown) => renderValue(v).replaceAll(distributionId, 'SiteDistribution');
    const emails = identityEmails(`https://${siteUrl}`);
    const invite = (p.AdminCreateUserConfig as { InviteMessageTemplate: Props }).InviteMessageTemplate;
    expect(invite.EmailSubject).toBe('Seu acesso ao Clientela');
    expect(render(invite.EmailMessage)).toBe(emails.invitation.body);
    expect(emails.invitation.body).toContain(`<a href="https://${siteUrl}">https://${siteUrl}</a>`);
    expect(emails.invitation.body).toContain('{username}');
    expect(emails.invitation.body).toContain('Senha temporária: <strong>{####}</strong>');
    expect(emails.invitation.body).toContain(`vale por ${PASSWORD_POLICY.tempPasswordValidityDays} dias`);
    // The verification template is also what a forgotten password's code uses.
    const verification = p.VerificationMessageTemplate as Props;
    expect(verification.DefaultEmailOption).toBe('CONFIRM_WITH_CODE');
    expect(verification.EmailSubject).toBe('Seu código de verificação do Clientela');
    expect(render(verification.EmailMessage)).toBe(emails.verification.body);
    expect(emails.verification.body).toContain('<strong>{####}</strong>');
    // An administrator's "Redefinir senha" sends it too, having voided the password: it never
    // says the password stays the same, and says what to do.
    expect(emails.verification.body).not.toMatch(/continua a mesma/);
    expect(emails.verification.body).toContain('Se um administrador da sua empresa redefiniu sua senha, a anterior deixou de valer');
    expect(emails.verification.body).toContain('“Esqueci minha senha”');
    expect(emails.verification.body).toContain(`https://${siteUrl}`);
  });

  it('names the custom domain in the e-mails when there is one', () => {
    const emails = identityEmails('https://clientes.empresa.com.br');
    expect(emails.invitation.body).toContain('https://clientes.empresa.com.br');
  });

  it('is retained on stack delete and protected from deletion', () => {
    const [, p] = only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'));
    expect(p.DeletionPolicy).toBe('Retain');
    expect(p.UpdateReplacePolicy).toBe('Retain');
    expect(p.Properties!.DeletionProtection).toBe('ACTIVE');
  });

  it('is on the Lite plan without threat protection; audit or enforced selects the Plus plan', () => {
    expect(pool(on).Properties!.UserPoolTier).toBe('LITE');
    expect(pool(on).Properties!.UserPoolAddOns).toBeUndefined();
    expect(pool(strict).Properties).toMatchObject({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } });
    expect(pool(loose).Properties).toMatchObject({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' } });
  });
});

describe('app client', () => {
  const client = (s: Synthesized) => only(resourcesOfType(s.template, 'AWS::Cognito::UserPoolClient'));

  it('is the only client: no secret, USER_PASSWORD_AUTH and refresh, OAuth off, revocation on, no user existence errors', () => {
    const [, c] = client(on);
    const p = c.Properties!;
    expect(p.GenerateSecret).toBe(false);
    expect([...(p.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(p.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(p.AllowedOAuthFlows).toBeUndefined();
    expect(p.CallbackURLs).toBeUndefined();
    expect(p.EnableTokenRevocation).toBe(true);
    expect(p.PreventUserExistenceErrors).toBe('ENABLED');
    expect(p.UserPoolId).toEqual({ Ref: only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'))[0] });
    // It reads the e-mail. A person may write only `locale` (never the e-mail, email_verified, a
    // phone or a name); no list at all, or an empty one, would let them write every attribute.
    expect(p.WriteAttributes).toEqual(['locale']);
    expect(p.WriteAttributes).toEqual([...CLIENT_WRITE_ATTRIBUTES]);
    expect(p.ReadAttributes).toEqual(['email', 'email_verified']);
  });

  it('issues access and ID tokens for 60 minutes and refresh tokens for sessionDays (30 by default)', () => {
    const minutes = (s: Synthesized) => {
      const p = client(s)[1].Properties!;
      const units = p.TokenValidityUnits as Record<string, string>;
      const inMinutes = (value: unknown, unit: string | undefined) => Number(value) * ({ minutes: 1, hours: 60, days: 1440 }[unit ?? 'days'] ?? NaN);
      return {
        access: inMinutes(p.AccessTokenValidity, units.AccessToken),
        id: inMinutes(p.IdTokenValidity, units.IdToken),
        refresh: inMinutes(p.RefreshTokenValidity, units.RefreshToken),
      };
    };
    expect(minutes(on)).toEqual({
      access: TOKEN_VALIDITY.accessTokenMinutes,
      id: TOKEN_VALIDITY.idTokenMinutes,
      refresh: TOKEN_VALIDITY.refreshTokenDays * 24 * 60,
    });
    // 15 minutes: the window a removed person keeps with the access token they hold (SECURITY.md).
    expect(TOKEN_VALIDITY).toMatchObject({ accessTokenMinutes: 15, idTokenMinutes: 60, refreshTokenDays: 30 });
    expect(minutes(strict).refresh).toBe(90 * 24 * 60);
  });
});

describe('admin group and the first administrator', () => {
  it('has the admin group, retained with the pool', () => {
    const [, group] = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolGroup'));
    expect(group.Properties!.GroupName).toBe(ADMIN_GROUP);
    expect(group.DeletionPolicy).toBe('Retain');
  });

  it('creates -c adminEmail lower-cased, e-mailed its temporary password, in the admin group, retained', () => {
    const poolId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'))[0];
    const [userId, user] = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolUser'));
    expect(user.Properties).toEqual({
      UserPoolId: { Ref: poolId },
      Username: 'ti@empresa.com.br',
      UserAttributes: [
        { Name: 'email', Value: 'ti@empresa.com.br' },
        { Name: 'email_verified', Value: 'true' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    // No MessageAction: Cognito sends the invitation.
    const [groupId] = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolGroup'));
    const [, membership] = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolUserToGroupAttachment'));
    expect(membership.Properties).toEqual({ UserPoolId: { Ref: poolId }, GroupName: { Ref: groupId }, Username: 'ti@empresa.com.br' });
    expect(membership.DependsOn).toEqual([userId]);
    // A later deploy without adminEmail keeps the person and the role.
    expect(user.DeletionPolicy).toBe('Retain');
    expect(membership.DeletionPolicy).toBe('Retain');
    on.template.hasOutput('AdminEmail', { Value: 'ti@empresa.com.br' });
  });

  it('creates no user without adminEmail', () => {
    expect(resourcesOfType(strict.template, 'AWS::Cognito::UserPoolUser')).toEqual({});
    expect(resourcesOfType(strict.template, 'AWS::Cognito::UserPoolUserToGroupAttachment')).toEqual({});
    expect(Object.keys(strict.template.toJSON().Outputs as Props)).not.toContain('AdminEmail');
  });
});

describe('JWT authorizer', () => {
  it('checks the pool as issuer and the web client as audience, from the Authorization header', () => {
    const poolId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'))[0];
    const clientId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolClient'))[0];
    const [, authorizer] = only(resourcesOfType(on.template, 'AWS::ApiGatewayV2::Authorizer'));
    const p = authorizer.Properties!;
    expect(p.AuthorizerType).toBe('JWT');
    expect(p.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = p.JwtConfiguration as { Audience: unknown[]; Issuer: unknown };
    expect(jwt.Audience).toEqual([{ Ref: clientId }]);
    expect(renderValue(jwt.Issuer)).toBe(`https://cognito-idp.sa-east-1.amazonaws.com/\${${poolId}}`);
  });

  it('is on every route of the test route table, $default included (with corsOrigins, OPTIONS preflight is answered by API Gateway; there is no OPTIONS route)', () => {
    const [authorizerId] = only(resourcesOfType(on.template, 'AWS::ApiGatewayV2::Authorizer'));
    const routeResources = Object.values(resourcesOfType(on.template, 'AWS::ApiGatewayV2::Route'));
    expect(routeResources.map((r) => r.Properties!.RouteKey).sort()).toEqual(USERS_TEST_ROUTES.map((r) => r.routeKey).sort());
    expect(routeResources.map((r) => r.Properties!.RouteKey)).toContain('$default');
    for (const route of routeResources) {
      expect(route.Properties, String(route.Properties!.RouteKey)).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
      expect(String(route.Properties!.RouteKey)).not.toMatch(/^OPTIONS /);
    }
    // With an allow-list, preflight is API Gateway's (CorsConfiguration), before any route.
    const [, api] = only(resourcesOfType(on.template, 'AWS::ApiGatewayV2::Api'));
    expect(api.Properties!.CorsConfiguration).toMatchObject({ AllowOrigins: ['https://app.example.com.br'] });
  });
});

describe('functions', () => {
  it('get AUTH_MODE=cognito, the issuer the authorizer checks, the client and the pool', () => {
    const poolId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'))[0];
    const clientId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolClient'))[0];
    const [, authorizer] = only(resourcesOfType(on.template, 'AWS::ApiGatewayV2::Authorizer'));
    const fns = Object.values(appFunctions(on.template));
    expect(fns).toHaveLength(USERS_TEST_ROUTES.length);
    for (const fn of fns) {
      const env = envOf(fn);
      expect(env.AUTH_MODE).toBe('cognito');
      expect(env.AUTH_ISSUER).toEqual((authorizer.Properties!.JwtConfiguration as Props).Issuer);
      expect(env.AUTH_CLIENT_ID).toEqual({ Ref: clientId });
      expect(env.USER_POOL_ID).toEqual({ Ref: poolId });
      // The names the local runtime sets too; its COGNITO_ENDPOINT points the SDK at cognito-local,
      // its MAIL_OUTBOX stands in for SES.
      const authNames = Object.keys(env).filter((k) => (AUTH_ENV_NAMES as readonly string[]).includes(k));
      expect(authNames.sort()).toEqual(AUTH_ENV_NAMES.filter((n) => n !== 'COGNITO_ENDPOINT' && n !== 'MAIL_OUTBOX').sort());
    }
  });

  it('may call exactly their row’s Cognito actions, on this pool’s ARN only, and none when the list is empty or absent', () => {
    const poolId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'))[0];
    const report: string[] = [];
    for (const fn of Object.values(appFunctions(on.template))) {
      const row = USERS_TEST_ROUTES.find((r) => r.name === routeNameOf(fn))!;
      const statements = cognitoStatements(on, fn);
      const wanted = row.userPoolActions ?? [];
      report.push(`${row.name}: ${statements.flatMap(actionsOf).join(', ') || '–'}`);
      if (wanted.length === 0) {
        expect(statements, row.name).toEqual([]);
        continue;
      }
      expect(statements, row.name).toHaveLength(1);
      expect(statements[0]!.Effect).toBe('Allow');
      expect(actionsOf(statements[0]!).sort()).toEqual([...wanted].sort());
      expect(statements[0]!.Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    }
    console.log(`Cognito actions per function:\n${report.join('\n')}`);
    expect(report.filter((line) => !line.endsWith('–'))).toHaveLength(4);
  });

  it('never get cognito-idp:* or a Cognito action on *', () => {
    for (const policy of Object.values(resourcesOfType(on.template, 'AWS::IAM::Policy'))) {
      for (const st of (policy.Properties!.PolicyDocument as { Statement: Parameters<typeof actionsOf>[0][] }).Statement) {
        const actions = actionsOf(st);
        expect(actions).not.toContain('cognito-idp:*');
        if (actions.some((a) => a.startsWith('cognito-idp:'))) expect(JSON.stringify(st.Resource)).not.toMatch(/"\*"/);
      }
    }
  });
});

describe('the web: CSP and /config.json', () => {
  it('lets the site call Cognito of the stack’s region and nothing broader (connect-src)', () => {
    const csp = renderValue(cspOf(on));
    expect(csp).toBe(contentSecurityPolicy({ 'connect-src': ['https://cognito-idp.sa-east-1.amazonaws.com'] }));
    expect(csp).toContain("connect-src 'self' https://cognito-idp.sa-east-1.amazonaws.com;");
    expect(csp).not.toMatch(/\*/);
    // Every other directive is the local servers' (which proxy Cognito on their own origin).
    const directives = (p: string) => p.split('; ').filter((d) => !d.startsWith('connect-src'));
    expect(directives(csp)).toEqual(directives(CONTENT_SECURITY_POLICY));
  });

  it('writes /config.json with the region, the pool, the client and the Cognito endpoint, no-cache and invalidated', () => {
    const poolId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'))[0];
    const clientId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolClient'))[0];
    expect(`/${WEB_CONFIG_FILE}`).toBe(CONFIG_PATH);
    expect(deployedWebConfig(on)).toEqual({
      auth: 'cognito',
      region: 'sa-east-1',
      userPoolId: `\${${poolId}}`,
      clientId: `\${${clientId}}`,
      cognitoEndpoint: 'https://cognito-idp.sa-east-1.amazonaws.com/',
      sessionDays: 30,
      // The company's time zone (the settings' timeZone): the web's days are its.
      timeZone: 'America/Sao_Paulo',
    });
    // -c sessionDays reaches the web: 'Manter conectado' says how long.
    expect(deployedWebConfig(strict)).toMatchObject({ sessionDays: 90 });
    const root = Object.values(resourcesOfType(on.template, 'Custom::CDKBucketDeployment')).find(
      (d) => d.Properties!.DestinationBucketKeyPrefix === undefined,
    )!;
    expect(root.Properties).toMatchObject({ SystemMetadata: { 'cache-control': 'no-cache' } });
    expect(root.Properties!.DistributionPaths).toContain(CONFIG_PATH);
  });

  it('outputs the pool and client ids', () => {
    const poolId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPool'))[0];
    const clientId = only(resourcesOfType(on.template, 'AWS::Cognito::UserPoolClient'))[0];
    on.template.hasOutput('UserPoolId', { Value: { Ref: poolId } });
    on.template.hasOutput('UserPoolClientId', { Value: { Ref: clientId } });
    expect(Object.keys(on.template.toJSON().Outputs as Props)).not.toContain('OpenAccess');
  });
});

describe('the real route table (lambdas/routes.ts)', () => {
  it('puts every route, $default included, behind the JWT authorizer but the one its row marks public (the calendar feed); no OPTIONS route and, without corsOrigins, no CORS', () => {
    const [authorizerId] = only(resourcesOfType(strict.template, 'AWS::ApiGatewayV2::Authorizer'));
    const routeResources = Object.values(resourcesOfType(strict.template, 'AWS::ApiGatewayV2::Route'));
    const keys = routeResources.map((r) => String(r.Properties!.RouteKey));
    expect(keys.sort()).toEqual(routes.map((r) => r.routeKey).sort());
    expect(keys).toContain('$default');
    // Exactly one public row, and it is the feed.
    expect(routes.filter(isPublic).map((r) => r.routeKey)).toEqual(['GET /calendario/{segredo}']);
    for (const route of routeResources) {
      const key = String(route.Properties!.RouteKey);
      if (key === 'GET /calendario/{segredo}') {
        expect(route.Properties!.AuthorizationType, key).toBe('NONE');
        expect(route.Properties!.AuthorizerId, key).toBeUndefined();
      } else expect(route.Properties, key).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
    }
    // cdk-nag's APIG4 is acknowledged on that route alone, saying why.
    const apig4 = acknowledgements(strict.stack).filter(([, id]) => id === 'AwsSolutions-APIG4');
    expect(apig4).toHaveLength(1);
    expect(apig4[0]![0]).toMatch(/CalendarioFeedRoute/);
    expect(apig4[0]![2]).toMatch(/256-bit random secret stored hashed/);
    expect(keys.filter((k) => k.startsWith('OPTIONS '))).toEqual([]);
    // So an OPTIONS falls to $default, behind the authorizer (the local gateway does the same).
    const [, api] = only(resourcesOfType(strict.template, 'AWS::ApiGatewayV2::Api'));
    expect(api.Properties!.CorsConfiguration).toBeUndefined();
  });

  it('has users routes, each granted exactly its row’s Cognito actions on this pool’s ARN', () => {
    // The reminders are sign-in only too, for everyone signed in: the feed asks the pool whether
    // its person is still enabled (AdminGetUser), the settings routes never ask it.
    const REMINDERS = ['GetLembretes', 'SetLembreteEmail', 'CreateCalendario', 'RevokeCalendario', 'CalendarioFeed'];
    for (const name of REMINDERS) {
      const row = routes.find((r) => r.name === name)!;
      expect(isSignInOnly(row), name).toBe(true);
      expect(row.userPoolActions ?? [], name).toEqual(name === 'CalendarioFeed' ? ['cognito-idp:AdminGetUser'] : []);
    }
    const signInOnly = routes.filter((r) => isSignInOnly(r) && !REMINDERS.includes(r.name));
    expect(signInOnly.map((r) => r.name).sort()).toEqual(
      ['InviteUsuario', 'ListUsuarios', 'RemoveUsuario', 'ResendConvite', 'ResetAutenticador', 'ResetSenha', 'SetUsuarioAdmin', 'SetUsuarioAtivo'].sort(),
    );
    // Every administrator route holds the live check's two actions; those that take access away
    // hold the global sign-out; *Excluir definitivamente* and the import routes that let an
    // administrator act on someone else's import are not sign-in only but ask the pool.
    const LIVE = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'];
    const asksThePool = ['PurgeLixeira', 'ListImportacoes', 'GetImportacao', 'ImportCategoria', 'ImportLote', 'DesfazerImportacao', 'RestaurarImportacao'];
    for (const row of [...signInOnly, ...asksThePool.map((name) => routes.find((r) => r.name === name)!)]) {
      expect(row.userPoolActions, row.name).toEqual(expect.arrayContaining(LIVE));
    }
    expect(routes.filter((r) => r.userPoolActions?.includes('cognito-idp:AdminUserGlobalSignOut')).map((r) => r.name).sort()).toEqual(
      ['RemoveUsuario', 'ResetSenha', 'SetUsuarioAdmin', 'SetUsuarioAtivo'].sort(),
    );
    // The tarefas: reassigning or deleting someone else's asks the pool live; a new responsavel is
    // checked enabled (AdminGetUser); the team is the pool's enabled users (ListUsers), which the
    // list's `semResponsavelAtivo` reads too.
    const tarefas: Record<string, string[]> = {
      ListTarefas: ['cognito-idp:ListUsers'],
      UpdateTarefa: LIVE,
      RemoveTarefa: LIVE,
      CreateTarefa: ['cognito-idp:AdminGetUser'],
      ListEquipe: ['cognito-idp:ListUsers'],
    };
    expect(routes.filter((r) => !isSignInOnly(r) && (r.userPoolActions ?? []).length > 0).map((r) => r.name).sort()).toEqual(
      [...asksThePool, ...Object.keys(tarefas)].sort(),
    );
    for (const name of asksThePool) expect(routes.find((r) => r.name === name)!.userPoolActions, name).toEqual(LIVE);
    for (const [name, actions] of Object.entries(tarefas)) expect(routes.find((r) => r.name === name)!.userPoolActions, name).toEqual(actions);
    const [poolId] = only(resourcesOfType(strict.template, 'AWS::Cognito::UserPool'));
    const fns = Object.values(appFunctions(strict.template));
    expect(fns.map(routeNameOf).sort()).toEqual(routes.map((r) => r.name).sort());
    for (const fn of fns) {
      const row = routes.find((r) => r.name === routeNameOf(fn))!;
      const statements = cognitoStatements(strict, fn);
      const granted = statements.flatMap(actionsOf).sort();
      expect(granted, row.name).toEqual([...(row.userPoolActions ?? [])].sort());
      for (const st of statements) expect(JSON.stringify(st.Resource), row.name).toBe(JSON.stringify({ 'Fn::GetAtt': [poolId, 'Arn'] }));
    }
  });

  it('with -c auth=off deploys none of the users routes, and every other one', () => {
    const served = routes.filter((r) => !isSignInOnly(r));
    const routeKeys = Object.values(resourcesOfType(offReal.template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!.RouteKey);
    expect(routeKeys.sort()).toEqual(served.map((r) => r.routeKey).sort());
    expect(Object.values(appFunctions(offReal.template)).map(routeNameOf).sort()).toEqual(served.map((r) => r.name).sort());
    // The same alarms as with sign-in: none is per function.
    expect(Object.keys(resourcesOfType(offReal.template, 'AWS::CloudWatch::Alarm')).sort()).toEqual(
      Object.keys(resourcesOfType(strict.template, 'AWS::CloudWatch::Alarm')).sort(),
    );
  });
});

describe('-c auth=off (the spec’s open mode)', () => {
  it('has no authorizer and no administrator (the pool stays, unused): every route is open', () => {
    for (const type of ['AWS::Cognito::UserPoolUser', 'AWS::ApiGatewayV2::Authorizer']) {
      expect(resourcesOfType(off.template, type), type).toEqual({});
    }
    for (const route of Object.values(resourcesOfType(off.template, 'AWS::ApiGatewayV2::Route'))) {
      expect(route.Properties!.AuthorizationType).toBe('NONE');
      expect(route.Properties!.AuthorizerId).toBeUndefined();
    }
  });

  it('deploys no sign-in-only route, and keeps the others (an administrator route that asks the pool too, without its grants)', () => {
    const served = USERS_TEST_ROUTES.filter((r) => !isSignInOnly(r));
    expect(served.map((r) => r.name).sort()).toEqual(['Fallback', 'ListCategorias', 'PurgeFixture', 'Sobre']);
    const routeKeys = Object.values(resourcesOfType(off.template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!.RouteKey);
    expect(routeKeys.sort()).toEqual(served.map((r) => r.routeKey).sort());
    const fns = Object.values(appFunctions(off.template));
    expect(fns.map(routeNameOf).sort()).toEqual(served.map((r) => r.name).sort());
    for (const fn of fns) {
      expect(cognitoStatements(off, fn)).toEqual([]);
      const env = envOf(fn);
      expect(env.AUTH_MODE).toBe('off');
      expect(Object.keys(env).filter((k) => (AUTH_ENV_NAMES as readonly string[]).includes(k))).toEqual(['AUTH_MODE']);
    }
  });

  it('keeps the user pool in the stack, unused, under the same logical ids (switching back finds its people)', () => {
    const ids = (s: Synthesized, type: string) => Object.keys(resourcesOfType(s.template, type));
    for (const type of ['AWS::Cognito::UserPool', 'AWS::Cognito::UserPoolClient', 'AWS::Cognito::UserPoolGroup']) {
      expect(ids(offReal, type), type).toEqual(ids(strict, type));
      expect(ids(offReal, type), type).toHaveLength(1);
    }
    offReal.template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
  });

  it('writes {"auth":"off"} (and the time zone) to /config.json and keeps the CSP without Cognito', () => {
    expect(deployedWebConfig(off)).toEqual({ auth: 'off', timeZone: 'America/Sao_Paulo' });
    expect(cspOf(off)).toBe(CONTENT_SECURITY_POLICY);
  });

  it('says in an output that anyone with the URL can change the data', () => {
    const outputs = off.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.OpenAccess?.Value).toBe(OPEN_ACCESS_WARNING);
    expect(OPEN_ACCESS_WARNING).toMatch(/anyone with the site URL can read, change and delete every record/);
    expect(Object.keys(outputs)).not.toContain('UserPoolId');
    expect(Object.keys(outputs)).not.toContain('UserPoolClientId');
  });
});

describe('context', () => {
  it.each([
    [{ auth: 'maybe' }, /auth must be one of on, off/],
    [{ mfa: 'sms' }, /mfa must be one of optional, required/],
    [{ mfa: 'off' }, /mfa "off" is no longer offered: administrators need TOTP/],
    [{ threatProtection: 'full' }, /threatProtection must be one of off, audit, enforced/],
    [{ sessionDays: 0 }, /sessionDays must be a whole number of days from 1 to 3650/],
    [{ sessionDays: 3651 }, /from 1 to 3650/],
    [{ sessionDays: 1.5 }, /whole number/],
    [{ sessionDays: 'trinta' }, /whole number/],
    [{ adminEmail: 'ti' }, /adminEmail must be an e-mail address/],
    [{ adminEmail: 'ti@empresa' }, /adminEmail must be an e-mail address/],
    [{ adminEmail: 'ti lopes@empresa.com.br' }, /adminEmail must be an e-mail address/],
    [{ adminEmail: `${'a'.repeat(120)}@empresa.com.br` }, /at most 128 characters/],
    [{ auth: 'off', adminEmail: 'ti@empresa.com.br' }, /adminEmail configure sign-in, which auth "off" turns off/],
    [{ auth: 'off', mfa: 'required', sessionDays: 7 }, /mfa, sessionDays configure sign-in/],
  ])('rejects %j', (context, message) => {
    expect(() => synth(context).remove()).toThrow(message);
  });
});
