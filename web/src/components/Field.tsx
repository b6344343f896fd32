import { useId, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import { TF } from '../texts-forms.ts';

/** A field's counter shows from this share of its limit on. */
const COUNTER_FROM = 0.8;

interface FieldFrameProps {
  label: string;
  /** The message next to the field when its value is refused (the field is marked invalid). */
  error?: string | undefined;
  /** A note that does not block the save (e.g. a name that already exists). */
  warning?: string | undefined;
  help?: ReactNode;
  className?: string;
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
  /** Below the help: counters and live notes. */
  extra?: (ids: { counter: string; note: string }) => ReactNode;
  /** Which of `extra`'s ids describe the input right now. */
  describedBy?: readonly ('counter' | 'note')[];
}

/**
 * A labelled field with its messages: the error (aria-invalid, linked by aria-describedby), a
 * warning, the help text. The input is rendered by `children` with the attributes that link them.
 */
export function FieldFrame({ label, error, warning, help, className = 'field', children, extra, describedBy = [] }: FieldFrameProps) {
  const id = useId();
  const ids = { error: `${id}-error`, warning: `${id}-warning`, help: `${id}-help`, counter: `${id}-counter`, note: `${id}-note` };
  const described = [error && ids.error, warning && ids.warning, help && ids.help, ...describedBy.map((k) => ids[k])].filter(Boolean).join(' ');
  return (
    <div className={error ? `${className} has-error` : className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined })}
      {error ? (
        <p id={ids.error} className="field-error">
          {error}
        </p>
      ) : null}
      {warning ? (
        <p id={ids.warning} className="field-warning">
          {warning}
        </p>
      ) : null}
      {help ? (
        <p id={ids.help} className="field-help">
          {help}
        </p>
      ) : null}
      {extra?.(ids)}
    </div>
  );
}

/** The length a paste leaves in `input` (line breaks dropped, as a one-line field does). */
function lengthAfterPaste(e: ClipboardEvent<HTMLInputElement>): number {
  const input = e.currentTarget;
  const pasted = e.clipboardData.getData('text').replace(/[\r\n]/g, '');
  const selected = (input.selectionEnd ?? input.value.length) - (input.selectionStart ?? input.value.length);
  return input.value.length - selected + pasted.length;
}

/**
 * A one-line text field with a limit (the contract's LIMITS): a counter once the text nears the
 * limit, and, when a paste was cut at the limit, a note said politely to screen readers.
 */
export function TextField({
  label,
  name,
  value,
  onChange,
  max,
  error,
  warning,
  help,
  className,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string | undefined;
  warning?: string | undefined;
  help?: ReactNode;
  className?: string;
}) {
  const [cut, setCut] = useState(false);
  // The change a paste makes must not clear the note that paste raised.
  const pasting = useRef(false);
  const showCounter = value.length >= Math.floor(max * COUNTER_FROM);
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    pasting.current = true;
    setCut(lengthAfterPaste(e) > max);
  };
  return (
    <FieldFrame
      label={label}
      error={error}
      warning={warning}
      help={help}
      className={className}
      describedBy={[...(showCounter ? (['counter'] as const) : []), ...(cut ? (['note'] as const) : [])]}
      extra={(ids) => (
        <>
          {showCounter ? (
            <p id={ids.counter} className={value.length >= max ? 'field-counter at-limit' : 'field-counter'}>
              {TF.form.counter(value.length, max)}
            </p>
          ) : null}
          {/* Always in the page, so the note is announced when it appears. */}
          <p id={ids.note} className="field-note" role="status" aria-live="polite">
            {cut ? TF.form.pasteCut(max) : ''}
          </p>
        </>
      )}
    >
      {(a11y) => (
        <input
          {...a11y}
          name={name}
          type="text"
          value={value}
          maxLength={max}
          autoComplete="off"
          onPaste={onPaste}
          onChange={(e) => {
            if (!pasting.current) setCut(false);
            pasting.current = false;
            onChange(e.target.value);
          }}
        />
      )}
    </FieldFrame>
  );
}
