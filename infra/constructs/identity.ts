import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolUser,
  CfnUserPoolUserToGroupAttachment,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  UserPoolGroup,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ADMIN_GROUP, CLIENT_WRITE_ATTRIBUTES, PASSWORD_POLICY, TOKEN_VALIDITY, userNameOf } from '../../lambdas/contract/auth.ts';

/** The `mfa` setting: TOTP (an authenticator app) as the second factor; SMS and e-mail codes are never offered. */
export const MFA_MODES = ['off', 'optional', 'required'] as const;
export type MfaMode = (typeof MFA_MODES)[number];

/**
 * The `threatProtection` setting: Cognito's threat protection (compromised credentials, adaptive
 * authentication), only on the Plus feature plan. `off` keeps the pool on the Lite plan.
 */
export const THREAT_PROTECTION_MODES = ['off', 'audit', 'enforced'] as const;
export type ThreatProtectionMode = (typeof THREAT_PROTECTION_MODES)[number];

/** The `sessionDays` setting: the refresh token's lifetime; Cognito accepts 60 minutes to 10 years. */
export const SESSION_DAYS = { min: 1, max: 3650, default: TOKEN_VALIDITY.refreshTokenDays } as const;

/** Cognito's longest user name (ours is the e-mail). */
export const USERNAME_MAX_LENGTH = 128;

/** The feature plan per threat-protection mode (Lite has every feature the app uses). */
const FEATURE_PLANS: Record<ThreatProtectionMode, FeaturePlan> = {
  off: FeaturePlan.LITE,
  audit: FeaturePlan.PLUS,
  enforced: FeaturePlan.PLUS,
};
const THREAT_PROTECTION: Record<ThreatProtectionMode, StandardThreatProtectionMode | undefined> = {
  off: undefined,
  audit: StandardThreatProtectionMode.AUDIT_ONLY,
  enforced: StandardThreatProtectionMode.FULL_FUNCTION,
};
const MFA: Record<MfaMode, Mfa> = { off: Mfa.OFF, optional: Mfa.OPTIONAL, required: Mfa.REQUIRED };

/** `https://cognito-idp.<region>.amazonaws.com`: Cognito's API in a region (the web calls it). */
export function cognitoOrigin(region: string): string {
  return `https://cognito-idp.${region}.amazonaws.com`;
}

/**
 * The e-mails Cognito sends, in Brazilian Portuguese, naming the site. `{username}` (the e-mail)
 * and `{####}` (the temporary password or the code) are Cognito's placeholders. The
 * verification message is also the one a password reset sends.
 */
export function identityEmails(siteUrl: string): {
  invitation: { subject: string; body: string };
  verification: { subject: string; body: string; sms: string };
} {
  const days = PASSWORD_POLICY.tempPasswordValidityDays;
  const link = `<a href="${siteUrl}">${siteUrl}</a>`;
  return {
    invitation: {
      subject: 'Seu acesso ao Clientela',
      body:
        '<p>Olá!</p>' +
        `<p>Você foi convidado(a) a usar o Clientela da sua empresa em ${link}.</p>` +
        '<p>E-mail: {username}<br>Senha temporária: <strong>{####}</strong></p>' +
        `<p>No primeiro acesso você escolherá uma nova senha. A senha temporária vale por ${days} dias; ` +
        'depois disso, peça um novo convite ao administrador.</p>',
    },
    verification: {
      subject: 'Seu código de verificação do Clientela',
      body:
        `<p>Seu código de verificação do Clientela (${link}) é <strong>{####}</strong>.</p>` +
        '<p>Use-o em “Esqueci minha senha”, na página de login, para criar uma nova senha.</p>' +
        // Also sent by an administrator's "Redefinir senha", which voids the password at once.
        '<p>Se um administrador da sua empresa redefiniu sua senha, a anterior deixou de valer: crie a nova com este código. ' +
        'Se ninguém pediu a troca, ignore este e-mail.</p>',
      sms: 'Seu código de verificação do Clientela: {####}',
    },
  };
}

/** Sign-in settings, from context (infra/app.ts). */
export interface IdentitySettings {
  readonly mfa: MfaMode;
  /** Refresh token lifetime (days): how long a person stays signed in without typing the password. */
  readonly sessionDays: number;
  readonly threatProtection: ThreatProtectionMode;
  /** The first administrator: created in the `admin` group; Cognito e-mails the temporary password. */
  readonly adminEmail?: string;
  /** Send the invitations and codes from this SES-verified address instead of Cognito's default sender. */
  readonly sesFromEmail?: string;
}

/** Props of {@link Identity}. */
export interface IdentityProps extends IdentitySettings {
  /** `https://…` of the site, named in the e-mails. */
  readonly siteUrl: string;
}

/**
 * Who may use the app: a Cognito user pool whose user name is the person's e-mail (lower-cased,
 * case-insensitive), filled only by invitations, with the web's app client and the `admin` group.
 * The people and their groups outlive the stack (RETAIN), like the table.
 */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly adminGroup: UserPoolGroup;
  /** The `iss` of the pool's tokens: `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
  readonly issuer: string;
  /** Cognito's API origin in the stack's region (the web's sign-in calls go there). */
  readonly endpoint: string;
  /** The first administrator (with `adminEmail`). */
  readonly admin?: CfnUserPoolUser;
  /** The refresh token's lifetime in days (`/config.json` tells the web). */
  readonly sessionDays: number;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    const emails = identityEmails(props.siteUrl);
    this.sessionDays = props.sessionDays;

    this.userPool = new UserPool(this, 'UserPool', {
      // No sign-in aliases and no username attributes: the user name IS the e-mail (lower-cased by
      // whoever creates the user), so the access token's `username` claim is the e-mail.
      signInAliases: { username: true },
      signInCaseSensitive: false,
      // People are invited by an administrator; nobody signs up.
      selfSignUpEnabled: false,
      // The e-mail is the identity (the user name can't change either): set at the invitation,
      // then neither the person nor an app client can change where resets go.
      standardAttributes: { email: { required: true, mutable: false } },
      autoVerify: { email: true },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(PASSWORD_POLICY.tempPasswordValidityDays),
      },
      mfa: MFA[props.mfa],
      // An authenticator app only: SMS costs money and can be intercepted; e-mail codes would
      // make the inbox (the reset channel) both factors.
      mfaSecondFactor: props.mfa === 'off' ? undefined : { otp: true, sms: false, email: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Cognito's default sender allows about 50 e-mails a day, from no-reply@verificationemail.com;
      // with SES they come from the company's own address (same region, verified identity).
      email: props.sesFromEmail ? UserPoolEmail.withSES({ fromEmail: props.sesFromEmail, sesRegion: region }) : undefined,
      userInvitation: { emailSubject: emails.invitation.subject, emailBody: emails.invitation.body },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: emails.verification.subject,
        emailBody: emails.verification.body,
        smsMessage: emails.verification.sms,
      },
      featurePlan: FEATURE_PLANS[props.threatProtection],
      standardThreatProtectionMode: THREAT_PROTECTION[props.threatProtection],
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      // A browser can't keep a secret.
      generateSecret: false,
      // The web posts the password to Cognito's API itself (no hosted UI, no SRP library in the
      // bundle); refresh tokens are always allowed by CDK.
      authFlows: { userPassword: true },
      disableOAuth: true,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      refreshTokenValidity: Duration.days(props.sessionDays),
      // Tokens and GetUser show the e-mail only. A person can't rewrite their own attributes
      // (email_verified, a phone, a name) with their access token: one harmless attribute is
      // writable, since an empty list would mean all of them (CLIENT_WRITE_ATTRIBUTES).
      readAttributes: new ClientAttributes().withStandardAttributes({ email: true, emailVerified: true }),
      writeAttributes: new ClientAttributes().withStandardAttributes(Object.fromEntries(CLIENT_WRITE_ATTRIBUTES.map((a) => [a, true]))),
    });

    this.adminGroup = this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Clientela administrators: invite, disable and remove users',
    });
    this.adminGroup.applyRemovalPolicy(RemovalPolicy.RETAIN);

    this.issuer = `${cognitoOrigin(region)}/${this.userPool.userPoolId}`;
    this.endpoint = cognitoOrigin(region);

    if (props.adminEmail !== undefined) {
      const username = userNameOf(props.adminEmail);
      this.admin = new CfnUserPoolUser(this, 'FirstAdmin', {
        userPoolId: this.userPool.userPoolId,
        username,
        userAttributes: [
          { name: 'email', value: username },
          { name: 'email_verified', value: 'true' },
        ],
        // Cognito e-mails the invitation with the temporary password.
        desiredDeliveryMediums: ['EMAIL'],
      });
      const membership = new CfnUserPoolUserToGroupAttachment(this, 'FirstAdminMembership', {
        userPoolId: this.userPool.userPoolId,
        groupName: this.adminGroup.groupName,
        username,
      });
      membership.node.addDependency(this.admin);
      // A later deploy without (or with another) adminEmail keeps this administrator and the role.
      this.admin.applyRemovalPolicy(RemovalPolicy.RETAIN);
      membership.applyRemovalPolicy(RemovalPolicy.RETAIN);
    }

    if (props.mfa !== 'required') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG2',
        reason:
          props.mfa === 'optional'
            ? 'MFA is optional (the default): each person may turn on an authenticator app in "Minha conta"; ' +
              'the company makes it mandatory for everyone with "mfa": "required" in clientela.config.json.'
            : 'MFA is off because the company deployed with -c mfa=off (passwords only); ' +
              '-c mfa=optional or -c mfa=required turns the authenticator app on.',
      });
    }
    if (props.threatProtection === 'off') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Lite feature plan by default: the Plus plan (threat protection against compromised credentials and ' +
          'risky sign-ins) bills every monthly active user with no free allowance, a cost decision the company ' +
          'makes with "threatProtection": "audit" or "enforced" in clientela.config.json. On every plan Cognito locks a user out for a growing ' +
          'time after repeated failed sign-ins.',
      });
    }
  }
}
