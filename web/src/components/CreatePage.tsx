import { useState, type ReactNode } from 'react';
import { CREATE_REDIRECT_DELAY } from '../config.ts';
import { newIdempotencyKey } from '../api/http.ts';
import { fieldErrorOf, hasErrors, reasonFor, shown, useForm, type FieldErrors, type Form, type FormModel } from '../lib/form.ts';
import { useDelayedNavigate } from '../lib/hooks.ts';
import type { Versioned } from '../lib/resource.ts';
import { notifyError, notifyInfo, notifySuccess } from '../lib/toast.tsx';
import { APP_TEXTS } from '../texts/app.ts';
import { FormShell } from './FormShell.tsx';
import { useLeaveGuard } from './LeaveGuard.tsx';
import { PageHeader } from './PageHeader.tsx';

export interface CreatePageProps<R extends Versioned, F, B> {
  model: FormModel<R, F, B>;
  /** Document title and h1. */
  title: string;
  heading: string;
  initial: F;
  /** Messages for values refused before sending. */
  validate: (form: F) => FieldErrors<F>;
  /** The spec's info toast for a refused field (e.g. a blank name), if it has one. */
  refusalToasts?: Partial<Record<keyof F & string, string>>;
  /** After a failed create (e.g. read a list the form offers again). */
  onFailed?: () => void;
  toasts: { created: string; createFailed: string };
  children: (form: Form<F>) => ReactNode;
}

/**
 * The create page every resource shares: refuses what it can before sending (messages next to
 * the fields, focus on the first, the spec's info toast), creates once per submission, shows the
 * record as stored, toasts and goes to the list after 1.5 s with the button still disabled; a
 * failed create stays, its field marked.
 */
export function CreatePage<R extends Versioned, F, B>(p: CreatePageProps<R, F, B>) {
  const { resource, listPath, fields, toForm, toBody, toCreateBody = toBody } = p.model;
  const actions = resource.useActions();
  const form = useForm<F>(p.initial);
  const [submitting, setSubmitting] = useState(false);
  const navigateLater = useDelayedNavigate();
  // Typed changes since the page opened: leaving asks first (not after a create: the spec's redirect).
  const [pristine] = useState(() => form.values);
  const [saved, setSaved] = useState(false);
  const dirty = !saved && fields.some((f) => shown(f, form.values) !== shown(f, pristine));
  const { allow, prompt } = useLeaveGuard(dirty);

  const submit = async () => {
    const refused = p.validate(form.values);
    if (hasErrors(refused)) {
      const toast = fields.map((f) => (refused[f.key] ? p.refusalToasts?.[f.key] : undefined)).find(Boolean);
      if (toast) notifyInfo(toast);
      form.fail(refused);
      return;
    }
    setSubmitting(true);
    try {
      // One key per submission: a retried request never creates a second record.
      const created = await actions.create(toCreateBody(form.values), newIdempotencyKey());
      // The API's answer replaces the form state (the spec): the record as stored.
      allow();
      setSaved(true);
      form.reset(toForm(created));
      notifySuccess(p.toasts.created);
      // The button stays disabled until the page leaves.
      // The list shows the new record where it is, highlighted (`novo`), however far down.
      navigateLater(listPath, CREATE_REDIRECT_DELAY, { novo: created.id });
    } catch (err) {
      notifyError(p.toasts.createFailed, reasonFor(err, fields));
      p.onFailed?.();
      setSubmitting(false);
      const fieldError = fieldErrorOf(err, fields);
      if (fieldError) form.fail(fieldError);
    }
  };

  return (
    <div className="page page-narrow">
      <PageHeader title={p.title} heading={p.heading} />
      <FormShell onSubmit={() => void submit()} submitLabel={APP_TEXTS.common.create} submitting={submitting} cancelTo={listPath} cancelLabel={APP_TEXTS.common.cancel} onCancel={allow} invalidAt={form.invalidAt}>
        {p.children(form)}
      </FormShell>
      {prompt}
    </div>
  );
}
