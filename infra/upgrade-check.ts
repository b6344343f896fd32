/**
 * The upgrade check: what deploying a new template over a released one would do to the
 * resources that hold the company's data and people. Uses the CDK CLI's own diff library
 * (`@aws-cdk/cloudformation-diff`, the engine of `cdk diff`), which knows from AWS's resource
 * specification which property changes replace a resource.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffTemplate, ResourceImpact } from '@aws-cdk/cloudformation-diff';

/** The committed template snapshots of the releases (`<version>.template.json`). */
export const RELEASES_DIR = fileURLToPath(new URL('./releases/', import.meta.url));

/**
 * Types whose replacement, deletion or orphaning loses what no deploy can rebuild: the data,
 * the people and their groups, and the secret CloudFront and the API share.
 */
export const STATEFUL_TYPES = [
  'AWS::DynamoDB::Table',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolGroup',
  'AWS::Cognito::UserPoolUser',
  'AWS::Cognito::UserPoolUserToGroupAttachment',
  'AWS::SecretsManager::Secret',
] as const;

/** What counts as destructive. */
const DESTRUCTIVE: ReadonlySet<ResourceImpact> = new Set([
  ResourceImpact.WILL_REPLACE,
  ResourceImpact.MAY_REPLACE,
  ResourceImpact.WILL_DESTROY,
  ResourceImpact.WILL_ORPHAN,
]);

/** One destructive change: the logical id, its type, and what would happen. */
export interface DestructiveChange {
  readonly logicalId: string;
  readonly type: string;
  readonly impact: ResourceImpact;
  /** For a replacement: the properties that cause it. */
  readonly causes: readonly string[];
}

type CfnTemplate = { Resources?: Record<string, { Type: string; [k: string]: unknown }>; [k: string]: unknown };

/** Every replace, delete or orphan of a stateful resource that deploying `next` over `released` would do. */
export function destructiveChanges(released: CfnTemplate, next: CfnTemplate): DestructiveChange[] {
  const diff = diffTemplate(released, next);
  const found: DestructiveChange[] = [];
  diff.resources.forEachDifference((logicalId, change) => {
    const type = change.oldResourceType ?? change.newResourceType ?? '';
    if (!(STATEFUL_TYPES as readonly string[]).includes(type) || !DESTRUCTIVE.has(change.changeImpact)) return;
    const causes = Object.entries(change.propertyUpdates)
      .filter(([, update]) => update.changeImpact === ResourceImpact.WILL_REPLACE || update.changeImpact === ResourceImpact.MAY_REPLACE)
      .map(([name]) => name);
    found.push({ logicalId, type, impact: change.changeImpact, causes });
  });
  return found;
}

/** One line per change, for a failing test or the deploy script. */
export function describeChanges(changes: readonly DestructiveChange[]): string {
  return changes
    .map((c) => `${c.logicalId} (${c.type}): ${c.impact}${c.causes.length > 0 ? ` because of ${c.causes.join(', ')}` : ''}`)
    .join('\n');
}

/** The released snapshots, oldest first: `[version, file]`. */
export function releaseSnapshots(): [string, string][] {
  return fs
    .readdirSync(RELEASES_DIR)
    .filter((f) => f.endsWith('.template.json'))
    .map((f): [string, string] => [f.replace(/\.template\.json$/, ''), path.join(RELEASES_DIR, f)])
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
}
