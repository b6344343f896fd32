import { lazy, Suspense } from 'react';
import { InputField } from '../../../components/InputField.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { APP_TEXTS } from '../../../texts/app.ts';
import { FORM_TEXTS } from '../../../texts/forms.ts';
import { AUTH_TEXTS } from '../../../texts/auth.ts';

const QrCode = lazy(() => import('./QrCode.tsx'));

/** The `otpauth://` URI authenticator apps read from the QR code. */
export const otpauthUri = (secret: string, email: string) =>
  `otpauth://totp/${encodeURIComponent(`${APP_TEXTS.brand}:${email}`)}?secret=${secret}&issuer=${encodeURIComponent(APP_TEXTS.brand)}`;

/** A six-digit code as typed: digits only. */
export const codeOf = (text: string) => text.replace(/\D/g, '').slice(0, 6);

/** What is wrong with a code before it is sent. */
export const codeError = (code: string) => (code.length === 6 ? undefined : code ? AUTH_TEXTS.common.codeHelp : FORM_TEXTS.form.required(AUTH_TEXTS.common.code));

/**
 * Turning TOTP on: the QR code and the secret to type (in groups of four), then the first code
 * the authenticator shows.
 */
export function TotpSetup({ secret, email, code, onCode, error }: { secret: string | undefined; email: string; code: string; onCode: (code: string) => void; error?: string | undefined }) {
  if (!secret) return <Spinner label={AUTH_TEXTS.mfaSetup.loading} size="sm" />;
  return (
    <>
      <p className="form-text">{AUTH_TEXTS.mfaSetup.scan}</p>
      <div className="totp-setup">
        <Suspense fallback={<Spinner size="sm" />}>
          <QrCode text={otpauthUri(secret, email)} label={AUTH_TEXTS.mfaSetup.qr} />
        </Suspense>
        <div>
          <p className="field-label">{AUTH_TEXTS.mfaSetup.secret}</p>
          <code className="totp-secret">{secret.match(/.{1,4}/g)?.join(' ')}</code>
        </div>
      </div>
      <InputField label={AUTH_TEXTS.common.code} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={code} error={error} help={AUTH_TEXTS.common.codeHelp} onChange={(v) => onCode(codeOf(v))} />
    </>
  );
}
