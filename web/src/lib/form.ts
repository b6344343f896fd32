import { useCallback, useState } from 'react';
import { cleanText, formatMoneyInput, LIMITS, MESSAGES, readMoney } from '@contract';
import { FORM_TEXTS } from '../texts/forms.ts';
import { ApiRequestError, reasonOf } from '../api/http.ts';
import type { Resource, Versioned } from './resource.ts';

/**
 * How a resource's records become a form and a form a request body: all the shared create, edit
 * and delete pages need to know of a resource.
 */
export interface FormModel<R extends Versioned, F, B> {
  resource: Resource<R, B>;
  /** The list page: where the pages lead back to. */
  listPath: string;
  fields: readonly FieldSpec<F>[];
  toForm: (record: R) => F;
  /** The body of a create or an update (call it on a form its page validated). */
  toBody: (form: F) => B;
  /** The body of a create, when it differs (e.g. leaves out fields left blank); default `toBody`. */
  toCreateBody?: (form: F) => B;
}

/** A form field as its users know it. */
export interface FieldSpec<F> {
  key: keyof F & string;
  /** The field's own label ("Valor do contrato"): every message about it uses this. */
  label: string;
  /** The wire fields (the `campo` of the API's errors) this field answers for. */
  wire: readonly string[];
  /** The value as a person reads it, to show and compare (default: the text, cleaned). */
  show?: (form: F) => string;
}

export type FieldErrors<F> = Partial<Record<keyof F & string, string>>;

/** The text of a field as a person reads it. */
export const shown = <F>(spec: FieldSpec<F>, form: F): string => (spec.show ? spec.show(form) : cleanText(String(form[spec.key] ?? '')));

/** Replaces the wire names an API message quotes ('valorContrato') with the form's labels (“Valor do contrato”). */
export function inFormWords<F>(mensagem: string, fields: readonly FieldSpec<F>[]): string {
  let out = mensagem;
  for (const f of fields) for (const w of f.wire) out = out.split(`'${w}'`).join(`“${f.label}”`);
  return out;
}

/** The API's reason for a toast, in the form's words. */
export function reasonFor<F>(err: unknown, fields: readonly FieldSpec<F>[]): string | undefined {
  const reason = reasonOf(err);
  return reason === undefined ? undefined : inFormWords(reason, fields);
}

/** The field an API error concerns (its `campo`) and what to say next to it, when it is one of the form's. */
export function fieldErrorOf<F>(err: unknown, fields: readonly FieldSpec<F>[]): FieldErrors<F> | undefined {
  if (!(err instanceof ApiRequestError) || !err.campo) return undefined;
  const field = fields.find((f) => f.wire.includes(err.campo as string));
  if (!field) return undefined;
  const message = err.mensagem ? inFormWords(err.mensagem, fields) : FORM_TEXTS.form.invalid(field.label);
  return { [field.key]: message } as FieldErrors<F>;
}

/**
 * A 409 because someone saved the record since it was loaded (the API's stale-versao answer), the
 * one worth offering the current version for. Not a 409 about one field (a taken name), nor the
 * write that kept racing others ("…sendo alterado por outra requisição. Tente de novo."): nothing
 * was saved over the user's version, a second try is the way out.
 */
export const isStale = (err: unknown): boolean =>
  err instanceof ApiRequestError && err.status === 409 && (err.campo === 'versao' || (!err.campo && err.mensagem === MESSAGES.conflitoVersao));

/**
 * What is wrong with a typed amount, said with the field's label; undefined when it reads as an
 * amount (or is empty and not `required`).
 */
export function moneyProblem(text: string, label: string, required: boolean): string | undefined {
  const r = readMoney(text);
  if (r.ok) return undefined;
  switch (r.problem) {
    case 'empty':
      return required ? FORM_TEXTS.form.required(label) : undefined;
    case 'ambiguous': {
      const [thousands, cents] = r.readings;
      // The cents reading is offered only when it is an amount (1,500 → 1,50; 12,345 has 3 decimals).
      const centsOk = Number(cents.toFixed(LIMITS.valorContrato.decimals)) === cents;
      return FORM_TEXTS.money.ambiguous(label, formatMoneyInput(thousands), centsOk ? formatMoneyInput(cents) : undefined);
    }
    case 'decimals':
      return FORM_TEXTS.money.decimals(label, LIMITS.valorContrato.decimals);
    case 'negative':
      return FORM_TEXTS.money.negative(label);
    case 'max':
      return MESSAGES.valorContratoMaximo;
    default:
      return FORM_TEXTS.money.invalid(label);
  }
}

/**
 * A form's values and the messages next to its fields. `change` clears the message of the fields
 * it changes; `fail` shows messages and bumps `invalidAt`, which makes FormShell move focus to
 * the first invalid field.
 */
export function useForm<F>(initial: F | (() => F)) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [invalidAt, setInvalidAt] = useState(0);
  const change = useCallback((patch: Partial<F>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const keys = Object.keys(patch).filter((k) => k in e);
      if (keys.length === 0) return e;
      const next = { ...e };
      for (const k of keys) delete next[k as keyof F & string];
      return next;
    });
  }, []);
  /** Sets (or clears, with undefined) one field's message without moving focus (a check on blur). */
  const setError = useCallback((key: keyof F & string, message: string | undefined) => {
    setErrors((e) => {
      if (e[key] === message) return e;
      const next = { ...e };
      if (message === undefined) delete next[key];
      else next[key] = message;
      return next;
    });
  }, []);
  const fail = useCallback((found: FieldErrors<F>) => {
    setErrors(found);
    setInvalidAt((n) => n + 1);
  }, []);
  /** New values (a record loaded again), with no message left from the old ones. */
  const reset = useCallback((next: F) => {
    setValues(next);
    setErrors({});
  }, []);
  return { values, errors, invalidAt, change, setError, fail, reset };
}

export type Form<F> = ReturnType<typeof useForm<F>>;

/** True when `errors` holds at least one message. */
export const hasErrors = <F>(errors: FieldErrors<F>): boolean => Object.values(errors).some(Boolean);
