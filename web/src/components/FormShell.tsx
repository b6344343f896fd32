import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonSpinner } from './Spinner.tsx';

/**
 * A form card: fields, the submit button (disabled + spinner while submitting) and a way back.
 * The fields are disabled with the button: what was sent is what the page shows. Each time
 * `invalidAt` changes, focus moves to the first field marked invalid.
 */
export function FormShell({
  children,
  onSubmit,
  submitLabel,
  submitting,
  cancelTo,
  cancelLabel,
  busy,
  invalidAt = 0,
}: {
  children: ReactNode;
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  cancelTo: string;
  cancelLabel: string;
  busy?: boolean;
  invalidAt?: number;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (invalidAt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAt]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <form ref={form} className="card form-card" onSubmit={submit} noValidate aria-busy={busy || submitting}>
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
