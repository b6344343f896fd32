/**
 * The operator's side: docs/deploy.md names only commands the project has and its cost table adds
 * up to at most $1.50; the deploy script's plan (lowered settings, the SES sender); the user-pool
 * import's template and mapping; the origin-secret rotation's file edits.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { Template } from 'aws-cdk-lib/assertions';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/app.ts';
import { parseSettings, publishedSettings } from '../../infra/settings.ts';
import { ACCEPT_CHANGE_FLAG, deployedSettings, planDeploy, sesSender } from '../../infra/scripts/deploy.ts';
import { identityOnlyApp, resourceMapping } from '../../infra/scripts/import-user-pool.ts';
import { newOriginSecret, withVersions } from '../../infra/scripts/rotate-origin-secret.ts';
import { PINNED_LOGICAL_IDS } from './pinned-ids.ts';
import { tempDir } from './support.ts';

const DOC = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'deploy.md'), 'utf8');
const scripts = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** The CDK CLI's commands the docs may name. */
const CDK_COMMANDS = ['bootstrap', 'diff', 'synth', 'deploy', 'destroy', 'import'];

describe('docs/deploy.md', () => {
  it('names only npm scripts, cdk commands and files the project has', () => {
    const npmRuns = [...DOC.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(new Set(npmRuns)).toEqual(new Set(['synth', 'deploy', 'destroy', 'import-user-pool', 'rotate-origin-secret']));
    for (const name of npmRuns) expect(scripts[name], `npm run ${name}`).toBeDefined();
    for (const [, command] of DOC.matchAll(/npx cdk (\w+)/g)) expect(CDK_COMMANDS, `npx cdk ${command}`).toContain(command);
    const files = [...DOC.matchAll(/`((?:infra|tests|lambdas|docs)\/[\w./-]+\.(?:ts|json|md))`|(?<![\w/])((?:infra|tests|lambdas)\/[\w./-]+\.ts)/g)].map((m) => m[1] ?? m[2]!);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files.filter((f) => !f.includes('<'))) expect(fs.existsSync(path.join(PROJECT_ROOT, file)), file).toBe(true);
    for (const file of ['clientela.config.example.json', 'cdk.json']) expect(DOC).toContain(file);
    // The runbooks the issue lists.
    for (const heading of ['## Upgrade', '## Roll back', '## Restore the table to a point in time', '## Bring a retained user pool back', '## Rotate the origin secret', '## Destroy, and what each step keeps']) {
      expect(DOC).toContain(heading);
    }
    // The flags and outputs it names are the scripts' own.
    expect(DOC).toContain(`npm run deploy -- ${ACCEPT_CHANGE_FLAG}`);
  });

  it('prices the small company at most $1.50 a month, line by line', () => {
    const section = DOC.slice(DOC.indexOf('## Monthly cost'), DOC.indexOf('**Optional extras, priced:**'));
    expect(section).toMatch(/5 people, 20,000 API requests and 2,000 page loads a month/);
    const rows = section.split('\n').filter((l) => /^\| [^-]/.test(l) && !l.startsWith('| Item'));
    const cost = (row: string) => Number(/\$(\d+\.\d\d)\**\s*\|\s*$/.exec(row)![1]);
    const lines = rows.filter((r) => !r.startsWith('| **Total**'));
    const total = rows.find((r) => r.startsWith('| **Total**'))!;
    const sum = lines.reduce((n, r) => n + cost(r), 0);
    console.log(`cost table: ${lines.length} lines, $${sum.toFixed(2)} a month`);
    expect(Math.round(sum * 100)).toBe(Math.round(cost(total) * 100));
    expect(sum).toBeLessThanOrEqual(1.5);
    for (const extra of ['threatProtection', 'AWS WAF', 'custom domain']) expect(DOC.slice(DOC.indexOf('**Optional extras, priced:**'))).toContain(extra);
  });
});

describe('npm run deploy: the plan before anything is deployed', () => {
  const strict = parseSettings({ mfa: 'required', threatProtection: 'audit', alarmEmail: 'ti@empresa.com.br' });
  const deployed = { exists: true, settings: publishedSettings(strict) };

  it('refuses to lower mfa, threatProtection or auth, or to drop the alarm e-mail, unless --accept-change', () => {
    const plain = parseSettings({});
    const refused = planDeploy({ settings: plain, deployed, acceptChange: false });
    expect(refused.refusals).toHaveLength(1);
    expect(refused.refusals[0]).toMatch(/mfa: "required" → "optional"/);
    expect(refused.refusals[0]).toMatch(/threatProtection: "audit" → "off"/);
    expect(refused.refusals[0]).toMatch(/alarmEmail: "ti@empresa.com.br" → none/);
    expect(refused.refusals[0]).toMatch(/npm run deploy -- --accept-change/);
    const accepted = planDeploy({ settings: plain, deployed, acceptChange: true });
    expect(accepted.refusals).toEqual([]);
    expect(accepted.warnings.join('\n')).toMatch(/Lowering, as accepted with --accept-change/);
    expect(planDeploy({ settings: strict, deployed, acceptChange: false })).toEqual({ refusals: [], warnings: [] });
    // A first deploy and an older stack without the output compare nothing.
    expect(planDeploy({ settings: plain, deployed: { exists: false }, acceptChange: false }).refusals).toEqual([]);
    expect(planDeploy({ settings: plain, deployed: { exists: true }, acceptChange: false }).warnings.join()).toMatch(/publishes no settings yet/);
  });

  it('stops on an SES sender that is not verified, and warns in the sandbox', () => {
    const settings = parseSettings({ adminEmail: 'ti@empresa.com.br', sesFromEmail: 'convites@empresa.com.br' });
    expect(planDeploy({ settings, deployed: { exists: false }, acceptChange: false, ses: { verified: false, sandbox: true } }).refusals.join()).toMatch(
      /sesFromEmail convites@empresa.com.br: neither the address nor its domain is verified in SES/,
    );
    expect(planDeploy({ settings, deployed: { exists: false }, acceptChange: false, ses: { verified: true, sandbox: true } })).toEqual({
      refusals: [],
      warnings: [expect.stringMatching(/SES is in its sandbox/)],
    });
  });

  // No CloudFormation or SES runs locally: the SDK's answers are mocked, as AWS documents them.
  const cloudFormation = mockClient(CloudFormationClient);
  const ses = mockClient(SESv2Client);
  afterEach(() => {
    cloudFormation.reset();
    ses.reset();
  });

  it('reads the deployed stack’s Settings output, and knows a stack that does not exist', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [{ StackName: 'Clientela', CreationTime: new Date(), StackStatus: 'UPDATE_COMPLETE', Outputs: [{ OutputKey: 'Settings', OutputValue: JSON.stringify(deployed.settings) }] }],
    });
    expect(await deployedSettings(new CloudFormationClient({ region: 'sa-east-1' }), 'Clientela')).toEqual(deployed);
    cloudFormation.on(DescribeStacksCommand).rejects(Object.assign(new Error('Stack with id Clientela does not exist'), { name: 'ValidationError' }));
    expect(await deployedSettings(new CloudFormationClient({ region: 'sa-east-1' }), 'Clientela')).toEqual({ exists: false });
  });

  it('takes a verified domain for its addresses, and reads the sandbox from the account', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'convites@empresa.com.br' })
      .rejects(Object.assign(new Error('not found'), { name: 'NotFoundException' }))
      .on(GetEmailIdentityCommand, { EmailIdentity: 'empresa.com.br' })
      .resolves({ VerifiedForSendingStatus: true })
      .on(GetAccountCommand)
      .resolves({ ProductionAccessEnabled: false });
    expect(await sesSender(new SESv2Client({ region: 'sa-east-1' }), 'convites@empresa.com.br')).toEqual({ verified: true, sandbox: true });
  });
});

describe('npm run import-user-pool: the import, up to the template', () => {
  it('synthesizes the pool, group, first administrator and membership alone, under the stack’s logical ids, all retained', () => {
    const tmp = tempDir('clientela-import-');
    try {
      const settings = parseSettings({ adminEmail: 'TI@Empresa.com.br' });
      const { app, stack, identity } = identityOnlyApp(settings, tmp.dir, 'https://clientes.empresa.com.br');
      const assembly = app.synth();
      const template = assembly.getStackByName(stack.stackName).template as { Resources: Record<string, { Type: string; DeletionPolicy?: string; Properties: Record<string, unknown> }> };
      const mapping = resourceMapping(stack, identity, 'sa-east-1_AbC123');
      const importable = ['AWS::Cognito::UserPool', 'AWS::Cognito::UserPoolGroup', 'AWS::Cognito::UserPoolUser', 'AWS::Cognito::UserPoolUserToGroupAttachment'] as const;
      expect(Object.keys(mapping).sort()).toEqual(importable.flatMap((t) => PINNED_LOGICAL_IDS[t]).sort());
      for (const [logicalId, identifiers] of Object.entries(mapping)) {
        const resource = template.Resources[logicalId]!;
        // CloudFormation imports only resources with a DeletionPolicy.
        expect(resource.DeletionPolicy, logicalId).toBe('Retain');
        // The identifiers CloudFormation asks for match what the template says.
        for (const [key, value] of Object.entries(identifiers)) {
          const property = resource.Properties[key] as string | { Ref: string } | undefined;
          // The pool's own id is its physical id, not a property.
          if (property === undefined) expect(resource.Type, `${logicalId}.${key}`).toBe('AWS::Cognito::UserPool');
          else if (typeof property === 'string') {
            expect(property, `${logicalId}.${key}`).toBe(value);
          } else {
            // A reference to another imported resource, whose identifier it is (the pool's id, the group's name).
            expect(mapping[property.Ref]?.[key], `${logicalId}.${key}`).toBe(value);
          }
        }
      }
      expect(mapping[PINNED_LOGICAL_IDS['AWS::Cognito::UserPoolUser'][0]]).toEqual({ UserPoolId: 'sa-east-1_AbC123', Username: 'ti@empresa.com.br' });
      // Nothing outside the imported resources is referenced (the import holds them alone); the
      // web client is not imported (the destroyed stack deleted it): the next deploy creates it.
      const ids = new Set(Object.keys(template.Resources));
      const refs = [...JSON.stringify(template.Resources).matchAll(/\{"(?:Ref|Fn::GetAtt)":(?:"([^"]+)"|\["([^"]+)")/g)].map((m) => m[1] ?? m[2]!);
      for (const ref of refs) expect(ref.startsWith('AWS::') || ids.has(ref), ref).toBe(true);
      const imported = Object.entries(template.Resources).filter(([, r]) => r.Type !== 'AWS::Cognito::UserPoolClient');
      expect(imported.map(([id]) => id).sort()).toEqual(Object.keys(mapping).sort());
      Template.fromJSON(template).hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
    } finally {
      tmp.remove();
    }
  });

  it('refuses to import into the open mode', () => {
    const tmp = tempDir('clientela-import-');
    try {
      expect(() => identityOnlyApp(parseSettings({ auth: 'off', openAccess: 'anyone with the URL can read, change and delete every record' }), tmp.dir, 'https://x.example')).toThrow(/auth is "off"/);
    } finally {
      tmp.remove();
    }
  });
});

describe('npm run rotate-origin-secret: the settings file', () => {
  it('pins the new version and the previous one, then only the new one; generates header-safe values', () => {
    const raw = { adminEmail: 'ti@empresa.com.br' };
    const started = withVersions(raw, { current: 'b'.repeat(36), previous: 'a'.repeat(36) });
    expect(parseSettings(started).originSecretVersions).toEqual({ current: 'b'.repeat(36), previous: 'a'.repeat(36) });
    const finished = withVersions(started, { current: 'b'.repeat(36) });
    expect(finished).toEqual({ adminEmail: 'ti@empresa.com.br', originSecretVersions: { current: 'b'.repeat(36) } });
    const value = newOriginSecret();
    expect(value).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(newOriginSecret()).not.toBe(value);
  });
});
