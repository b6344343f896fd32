import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { FormShell } from '../../../components/FormShell.tsx';
import { CheckboxField, InputField } from '../../../components/InputField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { hasErrors, useForm, type FieldErrors } from '../../../lib/form.ts';
import { cognitoConfig, type CognitoConfig } from '../../../lib/auth-config.ts';
import { useSession } from '../../../lib/session.ts';
import { destinoOf, paths } from '../../../paths.ts';
import { FORM_TEXTS } from '../../../texts/forms.ts';
import { AUTH_TEXTS, DEV_TEXTS } from '../../../texts/auth.ts';
import { associateForChallenge, respond, signIn, TOTP_KEY, totpEnabled, verifyForChallenge, type Challenge } from '../../../api/auth.ts';
import { NewPasswordFields, newPasswordErrors, type NewPassword } from '../components/NewPasswordFields.tsx';
import { codeError, codeOf, TotpSetup } from '../components/TotpSetup.tsx';
import { authMessage, isWrongCode, isWrongPassword, useStep } from '../errors.ts';

/** The step after a challenge, or back to the first step with a message (its session expired). */
interface StepProps {
  challenge: Challenge;
  onNext: (next: Challenge | undefined) => void;
  onRestart: (message: string) => void;
}

/** The dev server's local administrator (config.json `demo`); a production build has none of this. */
function DemoCredentials({ demo, onFill }: { demo: NonNullable<CognitoConfig['demo']>; onFill: () => void }) {
  return (
    <p className="form-note">
      {DEV_TEXTS.demo} <code>{demo.email}</code> {DEV_TEXTS.demoPassword} <code>{demo.password}</code>{' '}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onFill}>
        {DEV_TEXTS.demoFill}
      </button>
    </p>
  );
}

function SignInStep({ onNext, restartMessage }: { onNext: (c: Challenge | undefined) => void; restartMessage: string | undefined }) {
  const session = useSession();
  const { search } = useLocation();
  const form = useForm({ email: '', password: '' });
  const [remember, setRemember] = useState(false);
  const { busy, alert, run } = useStep();
  const { values, errors } = form;
  const reason = session.status === 'anonymous' ? session.reason : undefined;
  const notice = restartMessage ?? (reason === 'expired' ? AUTH_TEXTS.signIn.expired : reason === 'network' ? AUTH_TEXTS.signIn.resumeFailed : undefined);
  const demo = cognitoConfig()?.demo;
  const days = cognitoConfig()?.sessionDays;
  const sessionDays = Number.isInteger(days) && days! > 0 ? days : undefined;

  const submit = async () => {
    const refused: FieldErrors<typeof values> = {
      ...(values.email.trim() ? {} : { email: FORM_TEXTS.form.required(AUTH_TEXTS.common.email) }),
      ...(values.password ? {} : { password: FORM_TEXTS.form.required(AUTH_TEXTS.common.password) }),
    };
    if (hasErrors(refused)) return form.fail(refused);
    const wrong = await run(async () => onNext(await signIn(values.email, values.password, remember)), isWrongPassword);
    if (wrong) form.fail({ password: wrong });
  };

  return (
    <>
      <PageHeader title={AUTH_TEXTS.titles.entrar} heading={AUTH_TEXTS.signIn.heading} subtitle={AUTH_TEXTS.signIn.subheading} />
      <FormAlert>{alert ?? notice}</FormAlert>
      {import.meta.env.DEV && demo ? <DemoCredentials demo={demo} onFill={() => form.change({ email: demo.email, password: demo.password })} /> : null}
      <FormShell onSubmit={() => void submit()} submitLabel={AUTH_TEXTS.signIn.submit} submitting={busy} invalidAt={form.invalidAt}>
        <InputField label={AUTH_TEXTS.common.email} name="email" type="email" inputMode="email" autoComplete="username" value={values.email} error={errors.email} onChange={(email) => form.change({ email })} />
        <InputField label={AUTH_TEXTS.common.password} name="password" type="password" autoComplete="current-password" value={values.password} error={errors.password} onChange={(password) => form.change({ password })} />
        <CheckboxField label={AUTH_TEXTS.signIn.remember} name="remember" checked={remember} onChange={setRemember} help={AUTH_TEXTS.signIn.rememberHelp(sessionDays)} />
        <p className="form-link">
          <Link to={`${paths.esqueciSenha}${search}`} state={{ email: values.email }}>
            {AUTH_TEXTS.signIn.forgot}
          </Link>
        </p>
      </FormShell>
    </>
  );
}

/** First sign-in with a temporary password: a password of one's own, with the policy shown. */
function NewPasswordStep({ challenge, onNext, onRestart }: StepProps) {
  const form = useForm<NewPassword>({ password: '', confirm: '' });
  const { busy, alert, run } = useStep(onRestart);
  const submit = async () => {
    const refused = newPasswordErrors(form.values);
    if (hasErrors(refused)) return form.fail(refused);
    const wrong = await run(async () => onNext(await respond(challenge, { NEW_PASSWORD: form.values.password })), (e) => authMessage(e) === AUTH_TEXTS.policy.refused);
    if (wrong) form.fail({ password: wrong });
  };
  return (
    <>
      <PageHeader title={AUTH_TEXTS.titles.entrar} heading={AUTH_TEXTS.newPassword.heading} subtitle={AUTH_TEXTS.newPassword.text} />
      <FormAlert>{alert}</FormAlert>
      <FormShell onSubmit={() => void submit()} submitLabel={AUTH_TEXTS.newPassword.submit} submitting={busy} invalidAt={form.invalidAt}>
        <input type="email" name="email" autoComplete="username" value={challenge.username} readOnly hidden />
        <NewPasswordFields form={form} />
      </FormShell>
    </>
  );
}

/** The code of the user's authenticator (SOFTWARE_TOKEN_MFA). */
function MfaStep({ challenge, onNext, onRestart }: StepProps) {
  const form = useForm({ code: '' });
  const { busy, alert, run } = useStep(onRestart);
  const demo = cognitoConfig()?.demo;
  const demoSecret = import.meta.env.DEV && demo?.totpSecret && demo.email === challenge.username ? demo.totpSecret : undefined;
  // The dev server's local administrator: its authenticator is the dev server's, so the page answers with the current code.
  // Once per challenge (a session answers once; StrictMode runs effects twice in development).
  const answered = useRef(false);
  useEffect(() => {
    if (!demoSecret || answered.current) return;
    answered.current = true;
    void import('../demo-totp.ts')
      .then(({ demoTotpCode }) => demoTotpCode(demoSecret))
      .then((code) => {
        form.change({ code });
        return run(async () => onNext(await respond(challenge, { SOFTWARE_TOKEN_MFA_CODE: code })), isWrongCode);
      });
    // Once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = async () => {
    const problem = codeError(form.values.code);
    if (problem) return form.fail({ code: problem });
    const wrong = await run(async () => onNext(await respond(challenge, { SOFTWARE_TOKEN_MFA_CODE: form.values.code })), isWrongCode);
    if (wrong) form.fail({ code: wrong });
  };
  return (
    <>
      <PageHeader title={AUTH_TEXTS.titles.entrar} heading={AUTH_TEXTS.mfa.heading} subtitle={AUTH_TEXTS.mfa.text} />
      <FormAlert>{alert}</FormAlert>
      <FormShell onSubmit={() => void submit()} submitLabel={AUTH_TEXTS.mfa.submit} submitting={busy} invalidAt={form.invalidAt}>
        <InputField label={AUTH_TEXTS.common.code} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={form.values.code} error={form.errors.code} help={AUTH_TEXTS.common.codeHelp} onChange={(v) => form.change({ code: codeOf(v) })} />
      </FormShell>
    </>
  );
}

/** A pool that requires MFA, and a user without it yet (MFA_SETUP): TOTP is set up before signing in. */
function MfaSetupStep({ challenge, onNext, onRestart }: StepProps) {
  const form = useForm({ code: '' });
  const { busy, alert, run } = useStep(onRestart);
  const [setup, setSetup] = useState<{ SecretCode: string; Session: string }>();
  useEffect(() => {
    void run(async () => setSetup(await associateForChallenge(challenge)), () => false);
    // Once per challenge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challenge]);
  const submit = async () => {
    const problem = codeError(form.values.code);
    if (problem) return form.fail({ code: problem });
    if (!setup) return;
    const wrong = await run(async () => onNext(await verifyForChallenge(challenge, setup.Session, form.values.code)), isWrongCode);
    if (wrong) form.fail({ code: wrong });
  };
  return (
    <>
      <PageHeader title={AUTH_TEXTS.titles.entrar} heading={AUTH_TEXTS.mfaSetup.heading} subtitle={AUTH_TEXTS.mfaSetup.required} />
      <FormAlert>{alert}</FormAlert>
      <FormShell onSubmit={() => void submit()} submitLabel={AUTH_TEXTS.mfaSetup.submit} submitting={busy} busy={!setup} invalidAt={form.invalidAt}>
        <TotpSetup secret={setup?.SecretCode} email={challenge.username} code={form.values.code} error={form.errors.code} onCode={(code) => form.change({ code })} />
      </FormShell>
    </>
  );
}

/**
 * Signed in: on to the page asked for; an administrator without an authenticator first goes to
 * Minha conta to turn it on (administrator actions are refused without it). When Cognito can't
 * say, on as usual: the API still refuses, with the way to turn it on.
 */
function SignedIn({ admin, destino }: { admin: boolean; destino: string }) {
  const totp = useSWR(admin ? TOTP_KEY : null, totpEnabled);
  if (admin && totp.data === undefined && totp.error === undefined) return <Spinner />;
  if (admin && totp.data === false) return <Navigate to={paths.minhaConta} state={{ mfaParaAdministrar: true }} replace />;
  return <Navigate to={destino} replace />;
}

const STEPS = { NEW_PASSWORD_REQUIRED: NewPasswordStep, SOFTWARE_TOKEN_MFA: MfaStep, MFA_SETUP: MfaSetupStep } as const;

/**
 * /entrar: e-mail and password, then whatever Cognito asks (a new password, a TOTP code, TOTP
 * setup). Signed in: on to the page first asked for (`destino`), or the client list.
 */
export default function Entrar() {
  const session = useSession();
  const { search } = useLocation();
  const [challenge, setChallenge] = useState<Challenge>();
  const [restart, setRestart] = useState<string>();
  if (session.status === 'signedIn') return <SignedIn admin={session.user.admin} destino={destinoOf(search)} />;
  const Step = challenge ? STEPS[challenge.name] : undefined;
  return (
    <div className="page page-narrow page-auth">
      {Step && challenge ? (
        <Step
          key={challenge.session}
          challenge={challenge}
          onNext={setChallenge}
          onRestart={(message) => {
            setRestart(message);
            setChallenge(undefined);
          }}
        />
      ) : (
        <SignInStep
          onNext={(c) => {
            setRestart(undefined);
            setChallenge(c);
          }}
          restartMessage={restart}
        />
      )}
    </div>
  );
}
