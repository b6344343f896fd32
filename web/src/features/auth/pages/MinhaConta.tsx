import { useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { useLocation } from 'react-router-dom';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { FormShell } from '../../../components/FormShell.tsx';
import { InputField } from '../../../components/InputField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ButtonSpinner, Spinner } from '../../../components/Spinner.tsx';
import { hasErrors, useForm } from '../../../lib/form.ts';
import { useSession } from '../../../lib/session.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { FORM_TEXTS } from '../../../texts/forms.ts';
import { AUTH_TEXTS } from '../../../texts/auth.ts';
import { associateTotp, changePassword, confirmPassword, disableTotp, enableTotp, TOTP_KEY, totpEnabled } from '../../../api/auth.ts';
import { NewPasswordFields, newPasswordErrors } from '../components/NewPasswordFields.tsx';
import { codeError, TotpSetup } from '../components/TotpSetup.tsx';
import { Lembretes } from '../components/Lembretes.tsx';
import { authMessage, isWrongCode, isWrongPassword, useStep } from '../errors.ts';

const EMPTY = { current: '', password: '', confirm: '' };

/** The password, changed with the current one (ChangePassword). */
function ChangePassword({ email }: { email: string }) {
  const form = useForm(EMPTY);
  const { busy, alert, run } = useStep();
  const { values, errors } = form;
  const submit = async () => {
    const refused = { ...(values.current ? {} : { current: FORM_TEXTS.form.required(AUTH_TEXTS.account.current) }), ...newPasswordErrors(values) };
    if (hasErrors(refused)) return form.fail(refused);
    const wrong = await run(
      async () => {
        await changePassword(values.current, values.password);
        notifySuccess(AUTH_TEXTS.account.passwordChanged);
        form.reset(EMPTY);
      },
      (e) => isWrongPassword(e) || authMessage(e) === AUTH_TEXTS.policy.refused,
    );
    if (wrong) form.fail(wrong === AUTH_TEXTS.policy.refused ? { password: wrong } : { current: AUTH_TEXTS.errors.wrongCurrent });
  };
  return (
    <>
      <FormAlert>{alert}</FormAlert>
      <FormShell onSubmit={() => void submit()} submitLabel={AUTH_TEXTS.account.changePassword} submitting={busy} invalidAt={form.invalidAt}>
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <InputField label={AUTH_TEXTS.account.current} name="current-password" type="password" autoComplete="current-password" value={values.current} error={errors.current} onChange={(current) => form.change({ current })} />
        <NewPasswordFields form={form} />
      </FormShell>
    </>
  );
}

/** The SWR key of whether TOTP is on (the session's cache: it goes with the session). */

/**
 * TOTP on (a QR code and the secret, then a first code) or off (with the password typed again:
 * whoever finds the app open, signed in, can't remove the second factor).
 */
function Totp({ email }: { email: string }) {
  const status = useSWR(TOTP_KEY, totpEnabled);
  const [mode, setMode] = useState<'view' | 'setup' | 'confirmOff'>('view');
  const [secret, setSecret] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useForm({ code: '' });
  const { busy: verifying, alert, run } = useStep();
  const off = useForm({ password: '' });
  const turningOff = useStep();
  const state = status.data === undefined ? (status.error ? 'failed' : 'loading') : mode === 'view' ? (status.data ? 'on' : 'off') : mode;
  // The question replaces the button that asked it: the focus goes to the password it asks for.
  const confirmBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state === 'confirmOff') confirmBox.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
  }, [state]);

  const start = async () => {
    setBusy(true);
    setSecret(undefined);
    try {
      const s = await associateTotp();
      setSecret(s);
      setMode('setup');
    } catch (err) {
      notifyError(AUTH_TEXTS.account.mfaFailed, authMessage(err));
    }
    setBusy(false);
  };

  const enable = async () => {
    const problem = codeError(form.values.code);
    if (problem) return form.fail({ code: problem });
    const wrong = await run(async () => {
      await enableTotp(form.values.code);
      notifySuccess(AUTH_TEXTS.account.enabled);
      form.reset({ code: '' });
      await status.mutate(true, { revalidate: false });
      setMode('view');
    }, isWrongCode);
    if (wrong) form.fail({ code: wrong });
  };

  const disable = async () => {
    const { password } = off.values;
    if (!password) return off.fail({ password: FORM_TEXTS.form.required(AUTH_TEXTS.account.confirmPassword) });
    const wrong = await turningOff.run(async () => {
      await confirmPassword(email, password);
      await disableTotp();
      notifySuccess(AUTH_TEXTS.account.disabled);
      off.reset({ password: '' });
      await status.mutate(false, { revalidate: false });
      setMode('view');
    }, isWrongPassword);
    if (wrong) off.fail({ password: AUTH_TEXTS.errors.wrongCurrent });
  };

  const cancelOff = () => {
    off.reset({ password: '' });
    setMode('view');
  };

  if (state === 'loading') return <Spinner label={AUTH_TEXTS.account.mfaLoading} size="sm" />;
  if (state === 'failed')
    return (
      <div className="card account-card">
        <p>{AUTH_TEXTS.account.mfaLoadFailed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void status.mutate()}>
          {AUTH_TEXTS.account.retry}
        </button>
      </div>
    );
  if (state === 'setup')
    return (
      <>
        <FormAlert>{alert}</FormAlert>
        <FormShell onSubmit={() => void enable()} submitLabel={AUTH_TEXTS.account.enableSubmit} submitting={verifying} invalidAt={form.invalidAt}>
          <TotpSetup secret={secret} email={email} code={form.values.code} error={form.errors.code} onCode={(code) => form.change({ code })} />
          <p className="form-link">
            <button type="button" className="btn-link" onClick={() => setMode('view')}>
              {AUTH_TEXTS.common.cancel}
            </button>
          </p>
        </FormShell>
      </>
    );
  if (state === 'confirmOff')
    return (
      <div ref={confirmBox}>
        <FormAlert>{turningOff.alert}</FormAlert>
        <FormShell onSubmit={() => void disable()} submitLabel={AUTH_TEXTS.account.disable} submitting={turningOff.busy} invalidAt={off.invalidAt}>
          <p className="form-text" role="status">
            {AUTH_TEXTS.account.confirmDisable}
          </p>
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <InputField label={AUTH_TEXTS.account.confirmPassword} name="confirm-password" type="password" autoComplete="current-password" value={off.values.password} error={off.errors.password} onChange={(password) => off.change({ password })} />
          <p className="form-link">
            <button type="button" className="btn-link" onClick={cancelOff}>
              {AUTH_TEXTS.common.cancel}
            </button>
          </p>
        </FormShell>
      </div>
    );
  return (
    <div className="card account-card">
      <p role="status">{state === 'off' ? AUTH_TEXTS.account.mfaOff : AUTH_TEXTS.account.mfaOn}</p>
      <div className="form-actions">
        {state === 'off' ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
            {busy ? <ButtonSpinner /> : null}
            {AUTH_TEXTS.account.enable}
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setMode('confirmOff')}>
            {AUTH_TEXTS.account.disable}
          </button>
        )}
      </div>
    </div>
  );
}

/** /minha-conta: who is signed in, the password, the second factor (TOTP) and one's reminders. */
export default function MinhaConta() {
  const session = useSession();
  const location = useLocation();
  const passwordId = useId();
  const mfaId = useId();
  if (session.status !== 'signedIn') return <Spinner />;
  const { email, admin } = session.user;
  return (
    <div className="page page-narrow page-auth">
      <PageHeader title={AUTH_TEXTS.titles.minhaConta} heading={AUTH_TEXTS.account.heading} subtitle={`${AUTH_TEXTS.account.signedInAs} ${email} · ${admin ? AUTH_TEXTS.account.admin : AUTH_TEXTS.account.member}`} />
      {admin && (location.state as { mfaParaAdministrar?: boolean } | null)?.mfaParaAdministrar ? <FormAlert>{AUTH_TEXTS.account.adminNeedsMfa}</FormAlert> : null}
      <section className="account-section" aria-labelledby={passwordId}>
        <h2 id={passwordId} className="section-title">
          {AUTH_TEXTS.account.passwordHeading}
        </h2>
        <ChangePassword email={email} />
      </section>
      <section className="account-section" aria-labelledby={mfaId}>
        <h2 id={mfaId} className="section-title">
          {AUTH_TEXTS.account.mfaHeading}
        </h2>
        <Totp email={email} />
      </section>
      <Lembretes />
    </div>
  );
}
