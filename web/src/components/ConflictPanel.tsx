import { useEffect, useId, useRef } from 'react';
import { APP_TEXTS } from '../texts/app.ts';
import { FORM_TEXTS } from '../texts/forms.ts';
import { AlertIcon } from './icons.tsx';
import { ButtonSpinner } from './Spinner.tsx';

/** Who changed a field since the version the user's edit started from. */
export type ChangedBy = 'mine' | 'theirs' | 'both';

/** One field where the user's version and the current one differ. */
export interface ConflictRow {
  key: string;
  label: string;
  mine: string;
  current: string;
  changedBy: ChangedBy;
  /** True once the form holds the user's value again. */
  applied?: boolean;
}

export type ConflictStage = 'loading' | 'found' | 'loaded' | 'failed';

/**
 * Shown after a save was refused because someone else saved the record meanwhile (409): which
 * fields differ (label, the user's value, the current one, who changed it), a button to load the
 * current version and then, per field the user changed, a way to put the user's value back (a
 * field only the other person changed keeps theirs). Focus moves to it when it appears.
 */
export function ConflictPanel({
  heading: title = FORM_TEXTS.conflict.heading,
  stage,
  rows,
  reason,
  onLoad,
  onRetry,
  onReapply,
}: {
  /** "Outra pessoa salvou este cliente enquanto você editava." */
  heading?: string;
  stage: ConflictStage;
  rows: readonly ConflictRow[];
  reason?: string | undefined;
  onLoad: () => void;
  onRetry: () => void;
  onReapply: (key: string) => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const loadedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // The load button goes away: the note that replaces it takes the focus.
  useEffect(() => {
    if (stage === 'loaded') loadedNote.current?.focus();
  }, [stage]);
  const show = (v: string) => v || FORM_TEXTS.conflict.empty;
  return (
    <section className="card conflict-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className="conflict-title">
        <AlertIcon size={20} />
        {title}
      </h2>
      <p className="conflict-text">{FORM_TEXTS.conflict.intro}</p>
      {stage === 'loading' ? (
        <p role="status" className="conflict-text">
          <ButtonSpinner />
          {FORM_TEXTS.conflict.loading}
        </p>
      ) : null}
      {stage === 'failed' ? (
        <>
          <p className="conflict-text">
            {FORM_TEXTS.conflict.failed} {reason}
          </p>
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            {APP_TEXTS.common.retry}
          </button>
        </>
      ) : null}
      {stage === 'found' || stage === 'loaded' ? (
        <>
          <p className="conflict-text">{rows.length ? FORM_TEXTS.conflict.differs : FORM_TEXTS.conflict.none}</p>
          {rows.length ? (
            <div className="table-wrap">
              <table className="conflict-table">
                <thead>
                  <tr>
                    <th scope="col">{FORM_TEXTS.conflict.field}</th>
                    <th scope="col">{FORM_TEXTS.conflict.mine}</th>
                    <th scope="col">{FORM_TEXTS.conflict.current}</th>
                    <th scope="col">{FORM_TEXTS.conflict.changedBy}</th>
                    {stage === 'loaded' ? <td /> : null}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.key}>
                      <th scope="row">{r.label}</th>
                      <td>{show(r.mine)}</td>
                      <td>{show(r.current)}</td>
                      <td>{FORM_TEXTS.conflict.who[r.changedBy]}</td>
                      {stage === 'loaded' ? (
                        <td>
                          {r.changedBy === 'theirs' ? (
                            <span className="conflict-kept">{FORM_TEXTS.conflict.keptCurrent}</span>
                          ) : (
                            <button type="button" className="btn btn-secondary btn-sm" disabled={r.applied} aria-label={FORM_TEXTS.conflict.reapplyLabel(r.label)} onClick={() => onReapply(r.key)}>
                              {FORM_TEXTS.conflict.reapply}
                            </button>
                          )}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {stage === 'found' ? (
            <button type="button" className="btn btn-primary" onClick={onLoad}>
              {FORM_TEXTS.conflict.load}
            </button>
          ) : (
            <p ref={loadedNote} tabIndex={-1} role="status" className="conflict-text">
              {FORM_TEXTS.conflict.loaded}
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
