import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { reasonOf } from '../api/http.ts';
import { listReturnPath } from '../lib/list-return.ts';
import type { FormModel } from '../lib/form.ts';
import { useLoadFailure } from '../lib/hooks.ts';
import type { Versioned } from '../lib/resource.ts';
import { notifyError, notifySuccess } from '../lib/toast.tsx';
import { Badge, AlertIcon } from './icons.tsx';
import { TrashIcon } from './icons-pages.tsx';
import { PageHeader } from './PageHeader.tsx';
import { PageHeading } from './PageHeading.tsx';
import { ButtonSpinner, Spinner } from './Spinner.tsx';

/** A toast and how long it stays (the spec's default when absent). */
export interface ToastSpec {
  message: string;
  duration?: number;
}

export interface DeletePageProps<R extends Versioned> {
  /** The document title, the h1, the line under it ('stack'), the two buttons. */
  texts: { title: string; heading: string; question?: string; cancel: string; confirm: string };
  /** 'card': the question and the record's name in one card with an alert icon; 'stack': the
   * question under the heading, then the record (e.g. its card). */
  variant: 'card' | 'stack';
  /** The resource and its list page. */
  model: Pick<FormModel<R, unknown, unknown>, 'resource' | 'listPath'>;
  /** What the page shows of the record. */
  describe: (record: R) => ReactNode;
  toasts: { loadFailed: string; deleted: ToastSpec; failed: ToastSpec };
  /** The navigation state a successful delete leaves for the list page (its 'Desfazer' bar). */
  deletedState?: (record: R) => unknown;
}

/**
 * The delete page every resource shares, at a route with `:id`: reads the record (a failed read: the spec's toast, back
 * to the list), asks, deletes, toasts and goes to the list, replacing the page in history so
 * Back never reopens a record that is gone.
 */
export function DeletePage<R extends Versioned>(p: DeletePageProps<R>) {
  const { resource, listPath } = p.model;
  const t = p.texts;
  const { data, error } = resource.useRecord(useParams().id);
  const actions = resource.useActions();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  useLoadFailure(error, p.toasts.loadFailed, listPath);

  const confirm = async () => {
    if (!data) return;
    setSubmitting(true);
    let state: unknown;
    try {
      await actions.remove(data.id);
      notifySuccess(p.toasts.deleted.message, p.toasts.deleted.duration);
      state = p.deletedState?.(data);
    } catch (err) {
      notifyError(p.toasts.failed.message, reasonOf(err), p.toasts.failed.duration);
      actions.refresh();
    }
    navigate(listReturnPath(listPath), { replace: true, state });
  };

  const body = data ? (
    <>
      {p.describe(data)}
      <div className="form-actions">
        <Link className="btn btn-secondary" to={listReturnPath(listPath)}>
          {t.cancel}
        </Link>
        <button type="button" className="btn btn-danger" disabled={submitting} onClick={() => void confirm()}>
          {submitting ? <ButtonSpinner /> : <TrashIcon size={18} />}
          {t.confirm}
        </button>
      </div>
    </>
  ) : (
    <Spinner />
  );

  if (p.variant === 'card')
    return (
      <div className="page page-narrow">
        <div className="card confirm-card">
          <Badge className="confirm-icon" icon={<AlertIcon size={28} />} />
          <PageHeading title={t.title}>{t.heading}</PageHeading>
          {body}
        </div>
      </div>
    );
  return (
    <div className="page page-narrow page-confirm">
      <PageHeader title={t.title} heading={t.heading} subtitle={t.question} />
      {data ? <div className="confirm-stack">{body}</div> : body}
    </div>
  );
}
