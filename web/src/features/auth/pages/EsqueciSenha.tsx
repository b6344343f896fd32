import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { FormShell } from '../../../components/FormShell.tsx';
import { InputField } from '../../../components/InputField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { hasErrors, useForm } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { FORM_TEXTS } from '../../../texts/forms.ts';
import { AUTH_TEXTS } from '../../../texts/auth.ts';
import { confirmForgotPassword, forgotPassword } from '../../../api/auth.ts';
import { NewPasswordFields, newPasswordErrors } from '../components/NewPasswordFields.tsx';
import { codeError, codeOf } from '../components/TotpSetup.tsx';
import { authMessage, isWrongCode, useStep } from '../errors.ts';

/**
 * /esqueci-senha: the e-mail gets a code (ForgotPassword), then the code and a new password set
 * it (ConfirmForgotPassword), and back to /entrar (keeping where it was to lead).
 */
export default function EsqueciSenha() {
  const location = useLocation();
  const navigate = useNavigate();
  const signInPath = `${paths.entrar}${location.search}`;
  const typed = (location.state as { email?: string } | null)?.email ?? '';
  const form = useForm({ email: typed, code: '', password: '', confirm: '' });
  const [sentTo, setSentTo] = useState<string>();
  const { busy, alert, run } = useStep();
  const { values, errors } = form;

  const send = async () => {
    if (!values.email.trim()) return form.fail({ email: FORM_TEXTS.form.required(AUTH_TEXTS.common.email) });
    await run(async () => setSentTo(await forgotPassword(values.email)), () => false);
  };

  const resend = () =>
    void run(async () => {
      await forgotPassword(values.email);
      notifySuccess(AUTH_TEXTS.forgot.resent);
    }, () => false);

  const confirm = async () => {
    const problem = codeError(values.code);
    const refused = { ...(problem ? { code: problem } : {}), ...newPasswordErrors(values) };
    if (hasErrors(refused)) return form.fail(refused);
    const wrong = await run(
      async () => {
        await confirmForgotPassword(values.email, values.code, values.password);
        notifySuccess(AUTH_TEXTS.forgot.done);
        navigate(signInPath, { replace: true });
      },
      (e) => isWrongCode(e) || authMessage(e) === AUTH_TEXTS.policy.refused,
    );
    if (wrong) form.fail(wrong === AUTH_TEXTS.policy.refused ? { password: wrong } : { code: wrong });
  };

  return (
    <div className="page page-narrow page-auth">
      <PageHeader title={AUTH_TEXTS.titles.esqueciSenha} heading={AUTH_TEXTS.forgot.heading} subtitle={sentTo ? AUTH_TEXTS.forgot.sent(sentTo) : AUTH_TEXTS.forgot.text} />
      <FormAlert>{alert}</FormAlert>
      {sentTo ? (
        <FormShell key="confirm" onSubmit={() => void confirm()} submitLabel={AUTH_TEXTS.forgot.submit} submitting={busy} cancelTo={signInPath} cancelLabel={AUTH_TEXTS.forgot.backToSignIn} invalidAt={form.invalidAt}>
          <input type="email" name="email" autoComplete="username" value={values.email} readOnly hidden />
          <InputField label={AUTH_TEXTS.forgot.codeLabel} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={values.code} error={errors.code} help={AUTH_TEXTS.common.codeHelp} onChange={(v) => form.change({ code: codeOf(v) })} />
          <NewPasswordFields form={form} />
          <p className="form-link">
            <button type="button" className="btn-link" onClick={resend}>
              {AUTH_TEXTS.forgot.resend}
            </button>
          </p>
        </FormShell>
      ) : (
        <FormShell key="send" onSubmit={() => void send()} submitLabel={AUTH_TEXTS.forgot.send} submitting={busy} cancelTo={signInPath} cancelLabel={AUTH_TEXTS.forgot.backToSignIn} invalidAt={form.invalidAt}>
          <InputField label={AUTH_TEXTS.common.email} name="email" type="email" inputMode="email" autoComplete="username" value={values.email} error={errors.email} onChange={(email) => form.change({ email })} />
        </FormShell>
      )}
    </div>
  );
}
