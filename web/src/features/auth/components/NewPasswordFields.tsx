import { passwordProblems } from '@contract';
import { InputField } from '../../../components/InputField.tsx';
import type { FieldErrors, Form } from '../../../lib/form.ts';
import { FORM_TEXTS } from '../../../texts/forms.ts';
import { AUTH_TEXTS } from '../../../texts/auth.ts';
import { PasswordRules } from './PasswordRules.tsx';

/** A new password typed twice. */
export interface NewPassword {
  password: string;
  confirm: string;
}

/** What is wrong with a new password before it is sent: empty, against the policy, or the two differ. */
export function newPasswordErrors<F extends NewPassword>(f: F): FieldErrors<NewPassword> {
  if (!f.password) return { password: FORM_TEXTS.form.required(AUTH_TEXTS.common.newPassword) };
  if (passwordProblems(f.password).length) return { password: AUTH_TEXTS.policy.refused };
  return f.confirm === f.password ? {} : { confirm: AUTH_TEXTS.common.mismatch };
}

/** 'Nova senha' with the policy's checklist under it, and 'Confirme a nova senha'. */
export function NewPasswordFields<F extends NewPassword>({ form }: { form: Form<F> }) {
  const { values, errors } = form;
  /** What both inputs share: a new password, typed into `key`. */
  const typed = (key: keyof NewPassword) =>
    ({
      type: 'password',
      autoComplete: 'new-password',
      value: values[key],
      error: errors[key],
      onChange: (value: string) => form.change({ [key]: value } as Partial<F>),
    }) as const;
  return (
    <>
      <InputField label={AUTH_TEXTS.common.newPassword} name="new-password" {...typed('password')} extra={<PasswordRules password={values.password} />} />
      <InputField label={AUTH_TEXTS.common.confirmPassword} name="confirm-password" {...typed('confirm')} />
    </>
  );
}
