import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonSpinner } from './Spinner.tsx';

/**
 * A form card: fields, the submit button (disabled + spinner while submitting) and a way back.
 * The fields are disabled with the button: what was sent is what the page shows.
 */
export function FormShell({
  children,
  onSubmit,
  submitLabel,
  submitting,
  cancelTo,
  cancelLabel,
  busy,
}: {
  children: ReactNode;
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  cancelTo: string;
  cancelLabel: string;
  busy?: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <form className="card form-card" onSubmit={submit} noValidate aria-busy={busy || submitting}>
      <fieldset className="form-fields" disabled={submitting}>
        {children}
      </fieldset>
      <div className="form-actions">
        <Link className="btn btn-secondary" to={cancelTo}>
          {cancelLabel}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={submitting || busy}>
          {submitting ? <ButtonSpinner /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
