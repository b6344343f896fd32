/**
 * The app's Cognito user pool as the users API sees it: the one other AWS service the store
 * talks to. One client per Lambda instance, created on first use; USER_POOL_ID names the pool and,
 * locally, COGNITO_ENDPOINT points the client at cognito-local (through the local runtime's shim,
 * infra/local/cognito-shim.ts). Each function makes real Cognito calls, named in the route table
 * (`userPoolActions`) so IAM grants exactly those; a failure the caller can act on comes back as
 * a typed outcome (as the table's writes do), anything else propagates to the HTTP layer.
 *
 * User names are the e-mail lower-cased (userNameOf): callers pass them so.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../contract/auth.ts';

/** A user of the pool, as the users API reads it. */
export interface PoolUser {
  /** The Cognito user name: the e-mail, lower case (the users API's `email`). */
  username: string;
  /** Cognito's UserStatus (`FORCE_CHANGE_PASSWORD`, `CONFIRMED`, `RESET_REQUIRED`, …). */
  status: string;
  enabled: boolean;
  createdAt: Date;
  /** True when the user has a verified authenticator app turned on (TOTP second factor). */
  totp: boolean;
}

/**
 * Why a call did not happen: the user exists already, does not exist, is not waiting for its
 * first sign-in (an invitation can't be resent), or its password can't be reset in its state.
 */
export type PoolOutcome = 'exists' | 'notFound' | 'notPending' | 'cannotReset';
export type PoolResult<T = undefined> = { ok: true; value: T } | { ok: false; outcome: PoolOutcome };

let shared: CognitoIdentityProviderClient | undefined;

/**
 * The shared client. With `COGNITO_ENDPOINT` (local runs) it points there; missing credentials
 * are replaced by fake ones (cognito-local accepts any) and a missing region by `us-east-1`.
 */
function client(): CognitoIdentityProviderClient {
  if (!shared) {
    const endpoint = process.env.COGNITO_ENDPOINT || undefined;
    const local = endpoint !== undefined;
    shared = new CognitoIdentityProviderClient({
      ...(local ? { endpoint } : {}),
      region: process.env.AWS_REGION || (local ? 'us-east-1' : undefined),
      ...(local && !process.env.AWS_ACCESS_KEY_ID ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
  }
  return shared;
}

/** USER_POOL_ID, read on every use so tests can set it first; fails fast when unset. */
function poolId(): string {
  const id = process.env.USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not set: the users API needs the Cognito user pool id.');
  return id;
}

const OUTCOME_OF_ERROR: Record<string, PoolOutcome> = {
  UsernameExistsException: 'exists',
  UserNotFoundException: 'notFound',
  UnsupportedUserStateException: 'notPending',
};

/** Runs one call; a known Cognito error becomes its outcome (`extra` adds the call's own). */
async function attempt<T>(call: () => Promise<T>, extra: Record<string, PoolOutcome> = {}): Promise<PoolResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (err) {
    const outcome = err instanceof Error ? (extra[err.name] ?? OUTCOME_OF_ERROR[err.name]) : undefined;
    if (outcome) return { ok: false, outcome };
    throw err;
  }
}

function toPoolUser(u: { Username?: string; UserStatus?: string; Enabled?: boolean; UserCreateDate?: Date; UserMFASettingList?: string[] }): PoolUser {
  return {
    username: u.Username ?? '',
    status: u.UserStatus ?? 'UNKNOWN',
    enabled: u.Enabled ?? true,
    createdAt: u.UserCreateDate ?? new Date(0),
    totp: (u.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
  };
}

/** Every user of the pool (ListUsers, every page). */
export async function listUsers(): Promise<PoolUser[]> {
  const users: PoolUser[] = [];
  let token: string | undefined;
  do {
    const page = await client().send(new ListUsersCommand({ UserPoolId: poolId(), Limit: 60, PaginationToken: token }));
    users.push(...(page.Users ?? []).map(toPoolUser));
    token = page.PaginationToken;
  } while (token);
  return users;
}

/** The user names in the `admin` group (ListUsersInGroup, every page). */
export async function listAdmins(): Promise<Set<string>> {
  const names = new Set<string>();
  let token: string | undefined;
  do {
    const page = await client().send(new ListUsersInGroupCommand({ UserPoolId: poolId(), GroupName: ADMIN_GROUP, Limit: 60, NextToken: token }));
    for (const u of page.Users ?? []) if (u.Username) names.add(u.Username);
    token = page.NextToken;
  } while (token);
  return names;
}

/** One user (AdminGetUser), with whether their authenticator app is on (its MFA settings). */
export function getUser(username: string): Promise<PoolResult<PoolUser>> {
  return attempt(async () => {
    const u = await client().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: username }));
    return toPoolUser(u);
  });
}

/** Whether the user is in the `admin` group (AdminListGroupsForUser, every page). */
export async function isAdmin(username: string): Promise<PoolResult<boolean>> {
  return attempt(async () => {
    let token: string | undefined;
    do {
      const page = await client().send(
        new AdminListGroupsForUserCommand({ UserPoolId: poolId(), Username: username, Limit: 60, NextToken: token }),
      );
      if ((page.Groups ?? []).some((g) => g.GroupName === ADMIN_GROUP)) return true;
      token = page.NextToken;
    } while (token);
    return false;
  });
}

/**
 * Invites a person (AdminCreateUser): Cognito makes a temporary password and e-mails the
 * invitation; the e-mail is verified (it is where password resets go).
 */
export function createUser(email: string): Promise<PoolResult<PoolUser>> {
  return attempt(async () => {
    const { User } = await client().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    return toPoolUser(User ?? { Username: email });
  });
}

/** Sends the invitation again, with a new temporary password (AdminCreateUser RESEND). */
export function resendInvitation(username: string): Promise<PoolResult> {
  return attempt(async () => {
    await client().send(
      new AdminCreateUserCommand({ UserPoolId: poolId(), Username: username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }),
    );
    return undefined;
  });
}

/**
 * Resets the password (AdminResetUserPassword): the current one stops working and Cognito
 * e-mails a code; the person sets a new password with it. Their sessions end too
 * (AdminUserGlobalSignOut): a reset is what an administrator does when an account may be in
 * other hands. A user still on the invitation's temporary password, or a disabled one, can't be
 * reset (`cannotReset`).
 */
export function resetPassword(username: string): Promise<PoolResult> {
  return attempt(
    async () => {
      const input = { UserPoolId: poolId(), Username: username };
      await client().send(new AdminResetUserPasswordCommand(input));
      await client().send(new AdminUserGlobalSignOutCommand(input));
      return undefined;
    },
    { NotAuthorizedException: 'cannotReset', InvalidParameterException: 'cannotReset' },
  );
}

/**
 * Enables or disables the user. Disabling also signs them out everywhere
 * (AdminUserGlobalSignOut): their refresh tokens stop working at once.
 */
export function setEnabled(username: string, enabled: boolean): Promise<PoolResult> {
  return attempt(async () => {
    const input = { UserPoolId: poolId(), Username: username };
    if (enabled) {
      await client().send(new AdminEnableUserCommand(input));
    } else {
      await client().send(new AdminDisableUserCommand(input));
      await client().send(new AdminUserGlobalSignOutCommand(input));
    }
    return undefined;
  });
}

/**
 * Puts the user in the `admin` group or takes them out. Taking them out also signs them out
 * everywhere (AdminUserGlobalSignOut): their tokens' `cognito:groups` would say admin until they
 * expire, and a refresh would keep the session they had as an administrator.
 */
export function setAdmin(username: string, admin: boolean): Promise<PoolResult> {
  return attempt(async () => {
    const input = { UserPoolId: poolId(), Username: username, GroupName: ADMIN_GROUP };
    if (admin) {
      await client().send(new AdminAddUserToGroupCommand(input));
    } else {
      await client().send(new AdminRemoveUserFromGroupCommand(input));
      await client().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: username }));
    }
    return undefined;
  });
}

/**
 * Deletes the user (AdminDeleteUser). With `signOut` their refresh tokens are revoked first
 * (AdminUserGlobalSignOut; after the delete there is nobody left to sign out); an invitation
 * taken back has no session to end.
 */
export function deleteUser(username: string, { signOut = false }: { signOut?: boolean } = {}): Promise<PoolResult> {
  return attempt(async () => {
    const input = { UserPoolId: poolId(), Username: username };
    if (signOut) await client().send(new AdminUserGlobalSignOutCommand(input));
    await client().send(new AdminDeleteUserCommand(input));
    return undefined;
  });
}

/**
 * Turns the user's authenticator app off (AdminSetUserMFAPreference): a person who lost it signs
 * in with the password again and sets up a new one (an administrator must, before acting).
 */
export function resetAuthenticator(username: string): Promise<PoolResult> {
  return attempt(async () => {
    await client().send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: poolId(), Username: username, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
    );
    return undefined;
  });
}
