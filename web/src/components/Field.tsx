import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { charCount } from '@contract';
import { FORM_TEXTS } from '../texts/forms.ts';

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

const graphemes = (text: string) => new Intl.Segmenter('pt-BR').segment(text);

/**
 * The first characters of `text` that fit in `room` code points, cut between graphemes (never
 * inside an emoji or between a letter and its accent).
 */
function fitting(text: string, room: number): string {
  if (charCount(text) <= room) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes(text)) {
    used += charCount(segment);
    if (used > room) break;
    out += segment;
  }
  return out;
}

/**
 * Where a change put its text: what it left before (`head`) and after the caret (`tail`), and
 * what it inserted, starting on a grapheme boundary (an emoji replaced by another that shares
 * its first UTF-16 unit is inserted whole).
 */
function insertion(before: string, next: string, caret: number) {
  const tail = next.slice(caret);
  let same = 0;
  const limit = Math.min(caret, before.length - tail.length);
  while (same < limit && before[same] === next[same]) same++;
  let start = 0;
  for (const { index } of graphemes(next.slice(0, caret))) {
    if (index > same) break;
    start = index;
  }
  return { head: next.slice(0, start), inserted: next.slice(start, caret), tail };
}

/**
 * A one-line text field with a limit (the contract's LIMITS), counted as the API counts it (the
 * contract's charCount: an emoji is one character): a counter once the text nears the limit; a change past the
 * limit keeps what fits (as `maxLength` would, which counts UTF-16 units and would stop short of
 * a limit the API allows); when a paste was cut, a note said politely to screen readers.
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
  // Set by a paste, read by the change it makes (a paste of text always makes one, also when
  // nothing of it fits), so the note is about that paste and the next change clears it.
  const pasting = useRef(false);
  // What the field holds (white space at the ends too, which the API trims: never less than it counts).
  const used = charCount(value);
  const showCounter = used >= Math.floor(max * COUNTER_FROM);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const pasted = pasting.current;
    pasting.current = false;
    let next = input.value;
    let wasCut = false;
    if (charCount(next) > max && charCount(next) > used) {
      const { head, inserted, tail } = insertion(value, next, input.selectionEnd ?? next.length);
      // In the form the API stores (NFC), so an accent typed apart from its letter counts once.
      const text = inserted.normalize('NFC');
      const kept = fitting(text, max - charCount(head) - charCount(tail));
      // Only white space left out loses nothing (the API trims it).
      wasCut = text.slice(kept.length).trim() !== '';
      next = head + kept + tail;
      // Set here, so React keeps the caret where the kept text ends.
      input.value = next;
      input.setSelectionRange(head.length + kept.length, head.length + kept.length);
    }
    setCut(pasted && wasCut);
    if (next !== value) onChange(next);
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
            <p id={ids.counter} className={used >= max ? 'field-counter at-limit' : 'field-counter'}>
              {FORM_TEXTS.form.counter(used, max)}
            </p>
          ) : null}
          {/* Always in the page, so the note is announced when it appears. */}
          <p id={ids.note} className="field-note" role="status" aria-live="polite">
            {cut ? FORM_TEXTS.form.pasteCut(max) : ''}
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
          autoComplete="off"
          onPaste={(e) => {
            // Only a paste of text changes the field (an image pastes nothing, and no change follows).
            pasting.current = e.clipboardData.getData('text') !== '';
          }}
          // Any other key comes after the paste's change: the next change is not that paste's.
          onKeyDown={() => {
            pasting.current = false;
          }}
          onChange={change}
        />
      )}
    </FieldFrame>
  );
}
