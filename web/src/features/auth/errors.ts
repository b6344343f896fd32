import { useState } from 'react';
import { CognitoError } from '../../api/cognito-client.ts';
import { AUTH_TEXTS } from '../../texts/auth.ts';

/**
 * What a person reads for a refused Cognito call, keyed on its `__type` (and, where one type
 * means several things, on Cognito's message).
 */
export function authMessage(err: unknown): string {
  if (!(err instanceof CognitoError)) return AUTH_TEXTS.errors.unexpected;
  const e = AUTH_TEXTS.errors;
  switch (err.type) {
    case 'Network':
      return e.network;
    case 'NotAuthorizedException':
      // ForgotPassword for someone still on the invitation's temporary password.
      if (/cannot be reset in the current state/i.test(err.message)) return e.invitationPending;
      if (/disabled/i.test(err.message)) return e.disabled;
      if (/attempts exceeded/i.test(err.message)) return e.tooMany;
      if (/temporary password has expired/i.test(err.message)) return e.temporaryExpired;
      if (/session/i.test(err.message)) return e.challengeExpired;
      return e.wrongCredentials;
    case 'UserNotFoundException':
      return e.wrongCredentials;
    case 'PasswordResetRequiredException':
      return e.resetRequired;
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'LimitExceededException':
      return e.tooMany;
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return e.codeMismatch;
    case 'ExpiredCodeException':
      return e.codeExpired;
    case 'InvalidPasswordException':
      return AUTH_TEXTS.policy.refused;
    default:
      return e.unexpected;
  }
}

/** True for a refusal of the password typed (it goes next to the password field, not above the form). */
export const isWrongPassword = (err: unknown): boolean =>
  err instanceof CognitoError && (err.type === 'UserNotFoundException' || (err.type === 'NotAuthorizedException' && authMessage(err) === AUTH_TEXTS.errors.wrongCredentials));

/** True for a refusal of a one-time code. */
export const isWrongCode = (err: unknown): boolean =>
  err instanceof CognitoError && ['CodeMismatchException', 'EnableSoftwareTokenMFAException', 'ExpiredCodeException'].includes(err.type);

/**
 * Runs a form's Cognito call: busy while it runs; a refusal either goes next to a field (`field`
 * says which, if any), restarts the sign-in (an expired challenge), or is said above the form.
 */
export function useStep(onRestart?: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const run = async (work: () => Promise<void>, field: (err: unknown) => boolean): Promise<string | undefined> => {
    setBusy(true);
    setAlert(undefined);
    try {
      await work();
      return undefined;
    } catch (err) {
      const message = authMessage(err);
      if (field(err)) return message;
      if (onRestart && message === AUTH_TEXTS.errors.challengeExpired) onRestart(message);
      else setAlert(message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, alert, run };
}
