import type { ReactNode } from 'react';
import { formatMoneyInput, readMoney } from '@contract';
import { moneyProblem } from '../lib/form.ts';
import { FieldFrame } from './Field.tsx';
import { useActionPress } from './FormShell.tsx';

/**
 * An amount in reais, typed the Brazilian way ("10.000", "1.234,56", "R$ 12,50"): a text field
 * (a number input would drop the thousands dots and read "10.000" as 10). On leaving the field a
 * readable amount is shown formatted ("10.000,00"), and anything else is said next to it.
 */
export function MoneyField({
  label,
  name,
  value,
  onChange,
  onCheck,
  error,
  help,
  prefix,
  className,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (text: string) => void;
  /** The message after leaving the field (undefined: fine, or empty: the submit says if it is required). */
  onCheck: (message: string | undefined) => void;
  error?: string | undefined;
  help?: ReactNode;
  /** The currency sign shown before the field. */
  prefix: string;
  className?: string;
}) {
  const pressing = useActionPress();
  const onBlur = () => {
    const r = readMoney(value);
    if (r.ok) onChange(formatMoneyInput(r.value));
    // Left for the form's buttons: the submit checks it (a message now would move them).
    if (!pressing?.current) onCheck(moneyProblem(value, label, false));
  };
  return (
    <FieldFrame label={label} error={error} help={help} className={className}>
      {(a11y) => (
        <div className="input-prefix">
          <span aria-hidden="true">{prefix}</span>
          <input {...a11y} name={name} type="text" inputMode="decimal" value={value} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
        </div>
      )}
    </FieldFrame>
  );
}
