/**
 * `npm run deploy`: builds the web app and deploys the stack named by clientela.config.json,
 * after printing the effective settings and comparing them with the deployed stack's `Settings`
 * output. Lowering `mfa`, `threatProtection` or `auth`, or dropping the alarm e-mail, needs
 * `--accept-change`. With `sesFromEmail`, the address (or its domain) must be verified in SES.
 * Other arguments go to `cdk deploy` (e.g. `--require-approval never`).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { PROJECT_ROOT, settingsFilePath } from '../app.ts';
import {
  loweredSettings,
  notificationEmail,
  publishedSettings,
  readSettingsFile,
  SETTINGS_EXAMPLE_FILE,
  SETTINGS_FILE,
  stackNameOf,
  type PublishedSettings,
  type Settings,
} from '../settings.ts';

/** The flag that lets a deploy lower a security setting. */
export const ACCEPT_CHANGE_FLAG = '--accept-change';

/** The `Settings` output of the deployed stack; undefined when the stack does not exist yet. */
export async function deployedSettings(
  cloudFormation: Pick<CloudFormationClient, 'send'>,
  stackName: string,
): Promise<{ exists: boolean; settings?: Partial<PublishedSettings> }> {
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    const output = Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'Settings')?.OutputValue;
    return { exists: true, settings: output ? (JSON.parse(output) as Partial<PublishedSettings>) : undefined };
  } catch (err) {
    if ((err as Error).name === 'ValidationError' && /does not exist/.test((err as Error).message)) return { exists: false };
    throw err;
  }
}

/**
 * Whether SES may send from `address`: the address itself or its domain verified for sending.
 * Also says whether the account is still in the SES sandbox.
 */
export async function sesSender(ses: Pick<SESv2Client, 'send'>, address: string): Promise<{ verified: boolean; sandbox: boolean }> {
  const domain = address.split('@')[1]!;
  let verified = false;
  for (const identity of [address, domain]) {
    try {
      const found = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      if (found.VerifiedForSendingStatus) verified = true;
    } catch (err) {
      if ((err as Error).name !== 'NotFoundException') throw err;
    }
  }
  const account = await ses.send(new GetAccountCommand({}));
  return { verified, sandbox: account.ProductionAccessEnabled !== true };
}

/** What the deploy would do, and why it would stop. Pure: the tests drive it. */
export function planDeploy(input: {
  settings: Settings;
  deployed: { exists: boolean; settings?: Partial<PublishedSettings> };
  acceptChange: boolean;
  ses?: { verified: boolean; sandbox: boolean };
}): { refusals: string[]; warnings: string[] } {
  const refusals: string[] = [];
  const warnings: string[] = [];
  const next = publishedSettings(input.settings);
  if (input.deployed.exists && input.deployed.settings === undefined) {
    warnings.push('The deployed stack publishes no settings yet (an older release): nothing to compare this time.');
  }
  const lowered = input.deployed.settings ? loweredSettings(input.deployed.settings, next) : [];
  if (lowered.length > 0) {
    const list = lowered.map((l) => `  - ${l}`).join('\n');
    if (input.acceptChange) warnings.push(`Lowering, as accepted with ${ACCEPT_CHANGE_FLAG}:\n${list}`);
    else refusals.push(`This deploy lowers what is deployed:\n${list}\nIf that is intended, run it again with ${ACCEPT_CHANGE_FLAG} (npm run deploy -- ${ACCEPT_CHANGE_FLAG}).`);
  }
  if (!notificationEmail(input.settings)) {
    warnings.push('No alarmEmail and no adminEmail: the alarms and the budget will e-mail nobody.');
  }
  if (input.settings.sesFromEmail && input.ses) {
    if (!input.ses.verified) {
      refusals.push(
        `sesFromEmail ${input.settings.sesFromEmail}: neither the address nor its domain is verified in SES in this region; ` +
          'verify it first (docs/deploy.md, "Invitations from the company\'s domain").',
      );
    } else if (input.ses.sandbox) {
      warnings.push('SES is in its sandbox in this region: mail reaches only verified addresses until production access is granted.');
    }
  }
  return { refusals, warnings };
}

/** The effective settings, one per line, for the operator to read before anything happens. */
export function describeSettings(settings: Settings, file: string): string {
  const lines = Object.entries(settings)
    .filter(([key]) => key !== '$comment')
    .map(([key, value]) => `  ${key.padEnd(20)} ${JSON.stringify(value)}`);
  return `Settings (${fs.existsSync(file) ? file : `no ${SETTINGS_FILE}: every default; see ${SETTINGS_EXAMPLE_FILE}`}), stack ${stackNameOf(settings)}:\n${lines.join('\n')}`;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, CDK_DOCKER: process.env.CDK_DOCKER ?? 'false' } });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const acceptChange = args.includes(ACCEPT_CHANGE_FLAG);
  const cdkArgs = args.filter((a) => a !== ACCEPT_CHANGE_FLAG);
  const file = settingsFilePath();
  const { settings } = readSettingsFile(file);
  const stackName = stackNameOf(settings);
  console.log(describeSettings(settings, file));

  const deployed = await deployedSettings(new CloudFormationClient({}), stackName);
  console.log(deployed.exists ? `Deployed stack ${stackName}: ${JSON.stringify(deployed.settings ?? {})}` : `First deploy of ${stackName}.`);
  const ses = settings.sesFromEmail ? await sesSender(new SESv2Client({}), settings.sesFromEmail) : undefined;
  const { refusals, warnings } = planDeploy({ settings, deployed, acceptChange, ses });
  for (const w of warnings) console.warn(`WARNING: ${w}`);
  if (refusals.length > 0) {
    for (const r of refusals) console.error(`REFUSED: ${r}`);
    process.exit(1);
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  run(npm, ['run', 'build']);
  run(npx, ['cdk', 'deploy', stackName, ...cdkArgs]);
}

const isEntry = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname);
if (isEntry) {
  // One line for the operator, not a stack trace.
  await main().catch((err: unknown) => {
    console.error(`ERROR: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
