import { useId, type HTMLInputAutoCompleteAttribute, type ReactNode } from 'react';
import { FieldFrame } from './Field.tsx';

/**
 * A labelled input of a given type (e-mail, password, a one-time code) with the form's messages
 * next to it; `autoComplete` lets password managers and phones fill it.
 */
export function InputField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  error,
  help,
  extra,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete: HTMLInputAutoCompleteAttribute;
  inputMode?: 'numeric' | 'email';
  maxLength?: number;
  error?: string | undefined;
  help?: ReactNode;
  /** Below the field (e.g. the password rules), linked to it as a description. */
  extra?: ReactNode;
}) {
  const extraId = useId();
  return (
    <FieldFrame label={label} error={error} help={help}>
      {(a11y) => (
        <>
          <input
            {...a11y}
            aria-describedby={[a11y['aria-describedby'], extra ? extraId : ''].filter(Boolean).join(' ') || undefined}
            name={name}
            type={type}
            value={value}
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={maxLength}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => onChange(e.target.value)}
          />
          {extra ? <div id={extraId}>{extra}</div> : null}
        </>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label (and an optional help line linked to it). */
export function CheckboxField({ label, name, checked, onChange, help }: { label: string; name: string; checked: boolean; onChange: (checked: boolean) => void; help?: string }) {
  const id = useId();
  return (
    <div className="field field-check">
      <input id={id} name={name} type="checkbox" checked={checked} aria-describedby={help ? `${id}-help` : undefined} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {help ? (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      ) : null}
    </div>
  );
}
