/**
 * The deployment's settings: one file, `clientela.config.json` at the repository root (ignored by
 * git; `clientela.config.example.json` is the committed example), read by `npm run synth` and
 * `npm run deploy` through infra/app.ts. Two deploys in a row deploy the same thing: nothing a
 * security setting depends on comes from the command line or from cdk.json.
 *
 * This module is the one place that knows the keys, their defaults and their checks.
 */
import * as fs from 'node:fs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { z } from 'zod';
import { LIMITS } from '../lambdas/contract/limits.ts';
import { SESSION_DAYS, THREAT_PROTECTION_MODES, USERNAME_MAX_LENGTH } from './constructs/identity.ts';

/** The settings file, at the repository root. */
export const SETTINGS_FILE = 'clientela.config.json';
/** The committed example the operator copies. */
export const SETTINGS_EXAMPLE_FILE = 'clientela.config.example.json';
/** The stack's name without an environment (a deployed company's stack keeps it). */
export const BASE_STACK_NAME = 'Clientela';

/**
 * `mfa`: TOTP (an authenticator app) is offered to everyone (`optional`) or demanded of everyone
 * (`required`). There is no `off`: administrators must be able to protect their accounts with TOTP.
 */
export const SETTINGS_MFA_MODES = ['optional', 'required'] as const;

/** What `mfa: "off"` answers. */
export const MFA_OFF_REFUSED =
  'mfa "off" is no longer offered: administrators need TOTP (an authenticator app) to protect the accounts that can ' +
  'invite and remove people. Use "optional" (each person chooses, the default) or "required".';

/** What the open mode needs besides `auth: "off"` (the second key). */
export const OPEN_ACCESS_ACKNOWLEDGEMENT = 'anyone with the URL can read, change and delete every record';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ORIGIN = /^https?:\/\/[^/\s]+$/;
const CERTIFICATE_ARN = /^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;
const ENVIRONMENT = /^[a-z][a-z0-9-]{0,19}$/;
const RETENTIONS = Object.values(RetentionDays).filter((v): v is number => typeof v === 'number');

const email = (key: string) =>
  z
    .string({ error: `${key} must be an e-mail address` })
    .trim()
    .refine((v) => EMAIL.test(v) && v.length <= USERNAME_MAX_LENGTH, {
      error: (issue) => `${key} must be an e-mail address (at most ${USERNAME_MAX_LENGTH} characters), got "${String(issue.input)}"`,
    });

const wholeNumber = (key: string, min: number, max: number, unit: string) =>
  z.number({ error: (issue) => `${key} must be a whole number of ${unit} from ${min} to ${max}, got "${String(issue.input)}"` })
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, {
      error: (issue) => `${key} must be a whole number of ${unit} from ${min} to ${max}, got "${String(issue.input)}"`,
    });

const positive = (key: string) =>
  z.number({ error: (issue) => `${key} must be a positive number, got "${String(issue.input)}"` }).refine((v) => Number.isFinite(v) && v > 0, {
    error: (issue) => `${key} must be a positive number, got "${String(issue.input)}"`,
  });

const oneOf = <T extends readonly [string, ...string[]]>(key: string, values: T) =>
  z.enum(values, { error: (issue) => `${key} must be one of ${values.join(', ')}, got "${String(issue.input)}"` });

/** One IPv4 or IPv6 network in CIDR notation (`203.0.113.0/24`, `2001:db8::/32`). */
export function isCidr(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  if (rest.length > 0 || address === undefined || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const prefix = Number(bits);
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return prefix <= 32 && address.split('.').every((o) => Number(o) <= 255);
  if (!/^[0-9a-f:]+$/i.test(address) || prefix > 128) return false;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = halves.map((h) => (h === '' ? [] : h.split(':')));
  if (groups.some((g) => g.some((part) => !/^[0-9a-f]{1,4}$/i.test(part)))) return false;
  const count = groups.reduce((n, g) => n + g.length, 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** The schema of clientela.config.json: every key optional, with its default. */
export const settingsSchema = z
  .object({
    /** Documentation of the file itself (the example uses it); ignored. */
    $comment: z.string().optional(),
    /** `staging` deploys the stack `Clientela-staging` beside `Clientela`; none: `Clientela`. */
    environment: z
      .string()
      .regex(ENVIRONMENT, { error: 'environment must be lower-case letters, digits and dashes (at most 20), starting with a letter' })
      .optional(),
    /** `on`: Cognito sign-in. `off`: the spec's open mode (needs `openAccess`). */
    auth: oneOf('auth', ['on', 'off']).default('on'),
    /** The second key of the open mode: exactly OPEN_ACCESS_ACKNOWLEDGEMENT. */
    openAccess: z.literal(OPEN_ACCESS_ACKNOWLEDGEMENT, { error: `openAccess must be exactly "${OPEN_ACCESS_ACKNOWLEDGEMENT}"` }).optional(),
    /** Only these networks reach the site and the API (CloudFront Function); empty: everyone. */
    allowedCidrs: z
      .array(z.string().refine(isCidr, { error: (issue) => `allowedCidrs: "${String(issue.input)}" is not an IPv4 or IPv6 network (e.g. 203.0.113.0/24, 2001:db8::/32)` }))
      .max(100, { error: 'allowedCidrs: at most 100 networks' })
      .default([]),
    adminEmail: email('adminEmail').optional(),
    /** Who gets the alarms and the budget's e-mails; default: adminEmail. */
    alarmEmail: email('alarmEmail').optional(),
    mfa: z
      .string({ error: 'mfa must be one of optional, required' })
      .refine((v) => v !== 'off', { error: MFA_OFF_REFUSED, abort: true })
      .pipe(oneOf('mfa', SETTINGS_MFA_MODES))
      .default('optional'),
    sessionDays: wholeNumber('sessionDays', SESSION_DAYS.min, SESSION_DAYS.max, 'days').default(SESSION_DAYS.default),
    threatProtection: oneOf('threatProtection', THREAT_PROTECTION_MODES).default('off'),
    /** Cognito sends the invitations from this SES-verified address (default: Cognito's sender). */
    sesFromEmail: email('sesFromEmail').optional(),
    trashDays: wholeNumber('trashDays', LIMITS.trashDays.min, LIMITS.trashDays.max, 'days').default(LIMITS.trashDays.default),
    corsOrigins: z
      .array(z.string().refine((v) => ORIGIN.test(v), { error: (issue) => `corsOrigins: "${String(issue.input)}" is not an origin (scheme://host[:port], no path)` }))
      .default([]),
    throttleRateLimit: positive('throttleRateLimit').default(50),
    throttleBurstLimit: positive('throttleBurstLimit').default(100),
    logRetentionDays: z
      .number()
      .refine((v) => RETENTIONS.includes(v), { error: (issue) => `logRetentionDays: ${String(issue.input)} is not a CloudWatch Logs retention (e.g. 30, 90, 365)` })
      .default(30),
    domainName: z.string().trim().min(1).optional(),
    certificateArn: z
      .string()
      .regex(CERTIFICATE_ARN, { error: 'certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront only uses those)' })
      .optional(),
    /** Adopt this retained or restored table instead of creating one. */
    existingTableName: z.string().trim().regex(/^[\w.-]{3,255}$/, { error: 'existingTableName must be a DynamoDB table name' }).optional(),
    /** The monthly amount (USD) the budget e-mails about (at 80 % spent and at 100 % forecast). */
    monthlyBudgetUsd: positive('monthlyBudgetUsd').default(5),
    /** The budget counts only the stack's cost-allocation tag once it is activated (a one-time step). */
    budgetByTag: z.boolean({ error: 'budgetByTag must be true or false' }).default(false),
    /** The company's time zone (IANA). */
    timeZone: z
      .string()
      .refine(isTimeZone, { error: (issue) => `timeZone: "${String(issue.input)}" is not an IANA time zone (e.g. America/Sao_Paulo)` })
      .default('America/Sao_Paulo'),
    /** During an origin-secret rotation: the secret versions CloudFront sends and the API still accepts. */
    originSecretVersions: z
      .object({
        current: z.string().regex(/^[\w-]{32,64}$/, { error: 'originSecretVersions.current must be a Secrets Manager version id' }),
        previous: z.string().regex(/^[\w-]{32,64}$/, { error: 'originSecretVersions.previous must be a Secrets Manager version id' }).optional(),
      })
      .strict()
      .optional(),
    memorySize: z
      .number()
      .refine((v) => Number.isInteger(v) && v >= 128 && v <= 10240, { error: (issue) => `memorySize must be an integer from 128 to 10240 (MB), got ${String(issue.input)}` })
      .optional(),
    bundleAwsSdk: z.boolean({ error: (issue) => `bundleAwsSdk must be true or false, got "${String(issue.input)}"` }).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if ((s.domainName === undefined) !== (s.certificateArn === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'domainName and certificateArn go together (a custom domain needs its certificate)' });
    }
    if (s.auth === 'off') {
      if (s.openAccess === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            `auth "off" makes every route public (the anonymous caller is an administrator): it also needs ` +
            `"openAccess": "${OPEN_ACCESS_ACKNOWLEDGEMENT}" in ${SETTINGS_FILE}`,
        });
      }
    } else if (s.openAccess !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'openAccess acknowledges auth "off": remove it while sign-in is on' });
    }
  });

/** The keys that configure sign-in: refused with auth "off" (the pool stays in the stack, unused). */
const SIGN_IN_KEYS = ['adminEmail', 'mfa', 'sessionDays', 'threatProtection', 'sesFromEmail'] as const;

/** The effective settings (defaults applied). */
export type Settings = z.output<typeof settingsSchema>;
/** What the file may hold. */
export type SettingsInput = z.input<typeof settingsSchema>;
/** Every key the file may hold. */
export const SETTING_KEYS: readonly string[] = Object.keys(settingsSchema.shape);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Validates the file's content; the error lists every problem, each naming its key. */
export function parseSettings(input: unknown, source = SETTINGS_FILE): Settings {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new Error(`${source} must hold one JSON object`);
  }
  const raw = input as Record<string, unknown>;
  const messages: string[] = [];
  if (raw.auth === 'off') {
    const given = SIGN_IN_KEYS.filter((k) => raw[k] !== undefined);
    if (given.length > 0) messages.push(`${given.join(', ')} configure sign-in, which auth "off" turns off: remove them or the auth "off"`);
  }
  const result = settingsSchema.safeParse(input);
  if (result.success && messages.length === 0) return result.data;
  messages.push(...(result.error?.issues ?? []).map((issue) => {
    if (issue.code === 'unrecognized_keys') return `unknown key(s) ${issue.keys.join(', ')} (see ${SETTINGS_EXAMPLE_FILE})`;
    const key = issue.path.join('.');
    return key === '' || issue.message.startsWith(key.split('.')[0]!) ? issue.message : `${key}: ${issue.message}`;
  }));
  throw new Error(`${source}: ${messages.join('; ')}`);
}

/** Reads clientela.config.json (a missing file: every default). */
export function readSettingsFile(file: string): { settings: Settings; raw: Record<string, unknown> } {
  if (!fs.existsSync(file)) return { settings: parseSettings({}), raw: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${SETTINGS_FILE} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  return { settings: parseSettings(raw), raw: raw as Record<string, unknown> };
}

/** The stack's CloudFormation name: `Clientela`, or `Clientela-<environment>`. */
export function stackNameOf(settings: Pick<Settings, 'environment'>): string {
  return settings.environment ? `${BASE_STACK_NAME}-${settings.environment}` : BASE_STACK_NAME;
}

/** Where the alarms and the budget write: the alarm e-mail, else the first administrator's. */
export function notificationEmail(settings: Pick<Settings, 'alarmEmail' | 'adminEmail'>): string | undefined {
  return settings.alarmEmail ?? settings.adminEmail?.toLowerCase();
}

/**
 * Refuses settings in cdk.json's context: they would apply to one machine's deploys only, or be
 * forgotten on the next one. Names every key found.
 */
export function refuseSettingsInCdkJson(cdkJsonContext: Record<string, unknown>): void {
  const found = Object.keys(cdkJsonContext).filter((k) => SETTING_KEYS.includes(k));
  if (found.length > 0) {
    throw new Error(
      `cdk.json holds the setting(s) ${found.join(', ')}: settings live in ${SETTINGS_FILE} now (copy ` +
        `${SETTINGS_EXAMPLE_FILE}); move them there and remove them from cdk.json's "context"`,
    );
  }
}

/** A `-c key=value` read as the file would hold it (CDK passes context values as strings). */
function fromCommandLine(key: string, value: unknown, fileValue: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (Array.isArray(fileValue) || key === 'corsOrigins' || key === 'allowedCidrs') {
    return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  }
  if (typeof fileValue === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeof fileValue === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * Refuses a `-c` value that differs from the settings file: the next deploy without it would
 * silently revert it. The same value is harmless. `context` holds the app's context (cdk.json's
 * keys were refused before).
 */
export function refuseCommandLineOverrides(context: Record<string, unknown>, settings: Settings): void {
  const effective = settings as Record<string, unknown>;
  const differing = Object.entries(context)
    .filter(([key]) => SETTING_KEYS.includes(key))
    .filter(([key, value]) => JSON.stringify(fromCommandLine(key, value, effective[key])) !== JSON.stringify(effective[key]));
  if (differing.length > 0) {
    const list = differing.map(([key, value]) => `-c ${key}=${String(value)} (${SETTINGS_FILE}: ${JSON.stringify(effective[key]) ?? 'not set'})`);
    throw new Error(
      `${list.join(', ')}: a -c value that differs from ${SETTINGS_FILE} would be undone by the next deploy. ` +
        `Change ${SETTINGS_FILE} instead (then every deploy keeps it).`,
    );
  }
}

/** The settings the deployed stack publishes (output `Settings`) for the next deploy to compare with. */
export interface PublishedSettings {
  readonly auth: Settings['auth'];
  readonly mfa: Settings['mfa'];
  readonly threatProtection: Settings['threatProtection'];
  readonly alarmEmail: string | null;
}

/** The published subset of the effective settings. */
export function publishedSettings(settings: Settings): PublishedSettings {
  return {
    auth: settings.auth,
    mfa: settings.mfa,
    threatProtection: settings.threatProtection,
    alarmEmail: notificationEmail(settings) ?? null,
  };
}

const RANK = {
  auth: ['off', 'on'],
  mfa: ['off', 'optional', 'required'],
  threatProtection: ['off', 'audit', 'enforced'],
} as const;

/**
 * What a deploy of `next` would lower compared with the deployed stack: `mfa`, `threatProtection`
 * or `auth` lowered, or the alarm e-mail dropped. Each needs `--accept-change`.
 */
export function loweredSettings(deployed: Partial<PublishedSettings>, next: PublishedSettings): string[] {
  const lowered: string[] = [];
  for (const key of ['auth', 'mfa', 'threatProtection'] as const) {
    const before = deployed[key];
    if (before === undefined) continue;
    const rank = RANK[key] as readonly string[];
    if (rank.indexOf(next[key]) < rank.indexOf(before)) lowered.push(`${key}: "${before}" → "${next[key]}"`);
  }
  if (deployed.alarmEmail && !next.alarmEmail) lowered.push(`alarmEmail: "${deployed.alarmEmail}" → none (alarms would reach nobody)`);
  return lowered;
}
