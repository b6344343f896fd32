/**
 * `npm run rotate-origin-secret`: a new value for the secret CloudFront sends to the API, with no
 * request refused on the way (docs/deploy.md, "Rotate the origin secret"):
 *
 * - `start` (the default): stores a new value in Secrets Manager and pins both versions in
 *   clientela.config.json (`originSecretVersions`: the new one CloudFront will send, the old one
 *   the functions keep accepting). Then `npm run deploy`: the functions accept both, CloudFront
 *   switches edge by edge, and CloudFormation finishes only once the distribution is deployed.
 * - `finish`: drops the previous version from the file. Then `npm run deploy` again: only the
 *   new value opens the API.
 */
import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import { CloudFormationClient, DescribeStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { settingsFilePath } from '../app.ts';
import { ORIGIN_SECRET_LENGTH } from '../constructs/origin-verify.ts';
import { readSettingsFile, SETTINGS_FILE, stackNameOf } from '../settings.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new value like the one Secrets Manager generated: letters and digits (a safe header value). */
export function newOriginSecret(length = ORIGIN_SECRET_LENGTH): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The settings file's content with the rotation's versions set (`previous` undefined: finished). */
export function withVersions(raw: Record<string, unknown>, versions: { current: string; previous?: string }): Record<string, unknown> {
  const next: Record<string, unknown> = { ...raw, originSecretVersions: versions.previous ? versions : { current: versions.current } };
  return next;
}

async function main(): Promise<void> {
  const step = process.argv[2] ?? 'start';
  if (step !== 'start' && step !== 'finish') throw new Error('usage: npm run rotate-origin-secret [-- start|finish]');
  const file = settingsFilePath();
  const { settings, raw } = readSettingsFile(file);
  if (step === 'finish') {
    const current = settings.originSecretVersions?.current;
    if (!current) throw new Error(`No rotation in ${SETTINGS_FILE} (originSecretVersions): nothing to finish`);
    fs.writeFileSync(file, `${JSON.stringify(withVersions(raw, { current }), null, 2)}\n`);
    console.log(`${SETTINGS_FILE}: the previous value is no longer accepted after the next deploy. Run: npm run deploy`);
    return;
  }
  const stackName = stackNameOf(settings);
  const { StackResources } = await new CloudFormationClient({}).send(new DescribeStackResourcesCommand({ StackName: stackName }));
  const secret = StackResources?.find((r) => r.ResourceType === 'AWS::SecretsManager::Secret' && r.LogicalResourceId?.startsWith('OriginVerifySecret'));
  if (!secret?.PhysicalResourceId) throw new Error(`${stackName} has no origin secret: deploy it first`);
  const secrets = new SecretsManagerClient({});
  const old = await secrets.send(new GetSecretValueCommand({ SecretId: secret.PhysicalResourceId }));
  const put = await secrets.send(new PutSecretValueCommand({ SecretId: secret.PhysicalResourceId, SecretString: newOriginSecret() }));
  if (!old.VersionId || !put.VersionId) throw new Error('Secrets Manager returned no version id');
  fs.writeFileSync(file, `${JSON.stringify(withVersions(raw, { current: put.VersionId, previous: old.VersionId }), null, 2)}\n`);
  console.log(`New value stored (version ${put.VersionId}); ${SETTINGS_FILE} pins it and still accepts ${old.VersionId}.`);
  console.log('Now: npm run deploy   then, once it finished: npm run rotate-origin-secret -- finish && npm run deploy');
}

const isEntry = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname);
if (isEntry) {
  // One line for the operator, not a stack trace.
  await main().catch((err: unknown) => {
    console.error(`ERROR: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
