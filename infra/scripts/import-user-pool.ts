/**
 * `npm run import-user-pool -- --user-pool-id <id>`: brings a user pool retained by
 * `npm run destroy` (with its `admin` group and first administrator) back under the stack with
 * CloudFormation resource import (`cdk import`), so the company's people keep their accounts.
 * Run it BEFORE the first `npm run deploy` of the new stack (docs/deploy.md, "Bring a retained
 * user pool back"):
 *
 * 1. it synthesizes the stack's Identity construct alone, at the same construct path, so the
 *    logical ids are the stack's own (tests/infra/stack.test.ts pins them); the e-mails name the
 *    site URL given (`--site-url`, default: the custom domain, else a placeholder the next deploy
 *    replaces), since the distribution does not exist yet;
 * 2. it writes the resource mapping (logical id → the pool's, group's and user's identifiers);
 * 3. it runs `cdk import` with both: CloudFormation creates the stack holding only them.
 *
 * Then `npm run deploy` adds everything else around the imported pool.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { ADMIN_GROUP, userNameOf } from '../../lambdas/contract/auth.ts';
import { PROJECT_ROOT, settingsFilePath } from '../app.ts';
import { Identity } from '../constructs/identity.ts';
import { readSettingsFile, stackNameOf, type Settings } from '../settings.ts';

/** Where the import's cloud assembly and mapping go (never the deploy's cdk.out). */
export const IMPORT_OUTDIR = 'cdk.out.import';
/** Stands in for the site URL in the e-mails until the next deploy writes the real one. */
export const PLACEHOLDER_SITE_URL = 'https://clientela.invalid';

/** The identifiers CloudFormation asks for, per imported resource type. */
export type ResourceMapping = Record<string, Record<string, string>>;

/** The stack with only its Identity construct (the same path, so the same logical ids). */
export function identityOnlyApp(settings: Settings, outdir: string, siteUrl: string): { app: App; stack: Stack; identity: Identity } {
  if (settings.auth === 'off') throw new Error('auth is "off": the pool is imported with the settings it will have, turn sign-in on first');
  const app = new App({ outdir });
  const stack = new Stack(app, stackNameOf(settings), { stackName: stackNameOf(settings) });
  const identity = new Identity(stack, 'Identity', {
    mfa: settings.mfa,
    sessionDays: settings.sessionDays,
    threatProtection: settings.threatProtection,
    adminEmail: settings.adminEmail === undefined ? undefined : userNameOf(settings.adminEmail),
    sesFromEmail: settings.sesFromEmail,
    siteUrl,
  });
  return { app, stack, identity };
}

/**
 * The mapping `cdk import --resource-mapping` reads: the retained pool, its `admin` group and the
 * first administrator with their membership (with adminEmail). The web client is not imported:
 * the retained stack deleted it, and the deploy creates a new one (the web reads its id).
 */
export function resourceMapping(stack: Stack, identity: Identity, userPoolId: string): ResourceMapping {
  const id = (c: { node: { defaultChild?: unknown } } | undefined) => stack.getLogicalId(c!.node.defaultChild as never);
  const mapping: ResourceMapping = {
    [id(identity.userPool)]: { UserPoolId: userPoolId },
    [id(identity.adminGroup)]: { UserPoolId: userPoolId, GroupName: ADMIN_GROUP },
  };
  if (identity.admin) {
    const username = identity.admin.username!;
    mapping[stack.getLogicalId(identity.admin)] = { UserPoolId: userPoolId, Username: username };
    const membership = identity.node.tryFindChild('FirstAdminMembership') as never;
    mapping[stack.getLogicalId(membership)] = { UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Username: username };
  }
  return mapping;
}

/** Reads `--name value` from the arguments. */
function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const userPoolId = option(args, '--user-pool-id');
  if (!userPoolId || !/^[\w-]+_[0-9a-zA-Z]+$/.test(userPoolId)) {
    throw new Error('usage: npm run import-user-pool -- --user-pool-id <region>_<id> [--site-url https://...]');
  }
  const { settings } = readSettingsFile(settingsFilePath());
  const siteUrl = option(args, '--site-url') ?? (settings.domainName ? `https://${settings.domainName}` : PLACEHOLDER_SITE_URL);
  const outdir = path.join(PROJECT_ROOT, IMPORT_OUTDIR);
  fs.rmSync(outdir, { recursive: true, force: true });
  const { app, stack, identity } = identityOnlyApp(settings, outdir, siteUrl);
  app.synth();
  const mappingFile = path.join(outdir, 'resource-mapping.json');
  fs.writeFileSync(mappingFile, `${JSON.stringify(resourceMapping(stack, identity, userPoolId), null, 2)}\n`);
  console.log(`Importing into ${stack.stackName} (mapping: ${path.relative(PROJECT_ROOT, mappingFile)}):`);
  console.log(fs.readFileSync(mappingFile, 'utf8'));
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const result = spawnSync(npx, ['cdk', 'import', '--app', outdir, stack.stackName, '--resource-mapping', mappingFile], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log('Imported. Now run `npm run deploy` to build the rest of the stack around the pool.');
}

const isEntry = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname);
if (isEntry) {
  // One line for the operator, not a stack trace.
  await main().catch((err: unknown) => {
    console.error(`ERROR: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
