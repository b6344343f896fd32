import { createContext, useContext, useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { ButtonSpinner } from './Spinner.tsx';

/**
 * True while a button of the form's action row is being pressed. A check on leaving a field must
 * wait then: a message appearing above the buttons would move them between the press and the
 * release, and the click would be lost (the submit checks every field anyway).
 */
const ActionPress = createContext<RefObject<boolean> | null>(null);
export const useActionPress = () => useContext(ActionPress);

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
  onCancel,
  busy,
  invalidAt = 0,
}: {
  children: ReactNode;
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  /** The way back (a link), if the form has one. */
  cancelTo?: string;
  cancelLabel?: string;
  /** Called as Cancelar is followed (a form that asks before being left lets it through). */
  onCancel?: () => void;
  busy?: boolean;
  invalidAt?: number;
}) {
  const form = useRef<HTMLFormElement>(null);
  const pressing = useRef(false);
  useEffect(() => {
    if (invalidAt <= 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    // The field with its label and message in full view, below the fixed navbar (a plain focus
    // scrolled it to the top edge, under the bar).
    field.focus({ preventScroll: true });
    (field.closest<HTMLElement>('.field') ?? field).scrollIntoView?.({ block: 'nearest' });
  }, [invalidAt]);
  useEffect(() => {
    const release = () => {
      pressing.current = false;
    };
    document.addEventListener('pointerup', release);
    document.addEventListener('pointercancel', release);
    return () => {
      document.removeEventListener('pointerup', release);
      document.removeEventListener('pointercancel', release);
    };
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <form ref={form} className="card form-card" onSubmit={submit} noValidate aria-busy={busy || submitting}>
      <fieldset className="form-fields" disabled={submitting}>
        <ActionPress.Provider value={pressing}>{children}</ActionPress.Provider>
      </fieldset>
      <div
        className="form-actions"
        onPointerDownCapture={() => {
          pressing.current = true;
        }}
      >
        {cancelTo ? (
          <Link className="btn btn-secondary" to={cancelTo} onClick={onCancel}>
            {cancelLabel}
          </Link>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={submitting || busy}>
          {submitting ? <ButtonSpinner /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
