import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormShell } from '../../../components/FormShell.tsx';
import { CheckboxField, InputField } from '../../../components/InputField.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ApiRequestError, reasonOf } from '../../../api/http.ts';
import { useForm } from '../../../lib/form.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { FORM_TEXTS } from '../../../texts/forms.ts';
import { AUTH_TEXTS } from '../../../texts/auth.ts';
import { useUsuarioActions } from '../hooks.ts';

const I = AUTH_TEXTS.usuarios.invite;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function InviteForm() {
  const actions = useUsuarioActions();
  const navigate = useNavigate();
  const form = useForm({ email: '', admin: false });
  const [submitting, setSubmitting] = useState(false);
  const { values, errors } = form;
  const submit = async () => {
    const email = values.email.trim();
    if (!EMAIL.test(email)) return form.fail({ email: email ? I.invalidEmail : FORM_TEXTS.form.required(AUTH_TEXTS.common.email) });
    setSubmitting(true);
    try {
      await actions.invite(email, values.admin);
      notifySuccess(AUTH_TEXTS.usuarios.done.invited(email.toLowerCase()));
      navigate(paths.usuarios);
    } catch (err) {
      notifyError(AUTH_TEXTS.usuarios.failed.invite, reasonOf(err));
      setSubmitting(false);
      if (err instanceof ApiRequestError && err.campo === 'email') form.fail({ email: err.mensagem ?? I.invalidEmail });
    }
  };
  return (
    <FormShell onSubmit={() => void submit()} submitLabel={I.submit} submitting={submitting} cancelTo={paths.usuarios} cancelLabel={AUTH_TEXTS.common.cancel} invalidAt={form.invalidAt}>
      <InputField label={AUTH_TEXTS.common.email} name="email" type="email" inputMode="email" autoComplete="off" value={values.email} error={errors.email} help={I.help} onChange={(email) => form.change({ email })} />
      <CheckboxField label={I.admin} name="admin" checked={values.admin} help={I.adminHelp} onChange={(admin) => form.change({ admin })} />
    </FormShell>
  );
}

/** /usuarios/convidar (administrators: RequireAdmin): an e-mail, optionally as administrator; Cognito e-mails the temporary password. */
export default function ConvidarUsuario() {
  return (
    <div className="page page-narrow">
      <PageHeader title={AUTH_TEXTS.titles.convidar} heading={I.heading} />
      <InviteForm />
    </div>
  );
}
