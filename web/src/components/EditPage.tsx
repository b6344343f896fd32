import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { reasonOf } from '../lib/api-client.ts';
import { listReturnPath } from '../lib/list-return.ts';
import { fieldErrorOf, hasErrors, isStale, reasonFor, shown, useForm, type FieldErrors, type Form, type FormModel } from '../lib/form.ts';
import { useLoadFailure } from '../lib/hooks.ts';
import type { Versioned } from '../lib/resource.ts';
import { notifyError, notifySuccess } from '../lib/toast.tsx';
import { T } from '../texts.ts';
import { ConflictPanel, type ConflictRow, type ConflictStage } from './ConflictPanel.tsx';
import { useLeaveGuard } from './LeaveGuard.tsx';
import { FormShell } from './FormShell.tsx';
import { PageHeader } from './PageHeader.tsx';
import { Spinner } from './Spinner.tsx';

export interface EditPageProps<R extends Versioned, F, B> {
  model: FormModel<R, F, B>;
  /** Document title and h1. */
  title: string;
  heading: string;
  /** The spec's toasts: load failed, saved, save failed. */
  toasts: { loadFailed: string; updated: string; updateFailed: string };
  /** Messages for values refused before sending (none: everything is sent). */
  validate?: (form: F) => FieldErrors<F>;
  /** The form's fields, for the record as loaded. */
  children: (form: Form<F>, record: R) => ReactNode;
  /** Shown under the heading for the record as loaded (e.g. "Atualizado por … em …"). */
  meta?: (record: R) => ReactNode;
  /** Shown after the form (e.g. the record's history); shown anew when a save finds a newer version. */
  aside?: (record: R, conflicts: number) => ReactNode;
  /** The conflict panel's heading, naming the record ("Outra pessoa salvou este cliente enquanto você editava."). */
  conflictHeading?: string;
}

/**
 * The edit page every resource shares, at a route with `:id`: reads the record (a failed read:
 * the spec's toast, back to the list), prefills the form once, saves with the loaded `versao`.
 * Saved: the spec's success toast, back to the list. A failed save (deviation from the spec):
 * the spec's error toast, and the page stays as typed with the refused field marked; a
 * 409 because someone else saved meanwhile offers the current version and shows which fields
 * differ, so the user can re-apply theirs.
 */
export function EditPage<R extends Versioned, F, B>(props: EditPageProps<R, F, B>) {
  const { id } = useParams();
  const record = props.model.resource.useRecord(id);
  useLoadFailure(record.error, props.toasts.loadFailed, props.model.listPath);
  // Prefilled once, from this visit's own read: a later revalidation never overwrites typing.
  const [loaded, setLoaded] = useState<R | undefined>(undefined);
  if (!loaded && record.data) setLoaded(record.data);
  // Bumped when a save finds that someone else saved meanwhile: the history is read again.
  const [seenConflicts, setSeenConflicts] = useState(0);
  return (
    <div className="page page-narrow">
      <PageHeader title={props.title} heading={props.heading} />
      {loaded ? (
        <>
          {props.meta?.(loaded)}
          <EditForm {...props} loaded={loaded} onConflict={() => setSeenConflicts((n) => n + 1)} />
          {props.aside?.(loaded, seenConflicts)}
        </>
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/**
 * `before` is the form of the version the refused save started from: comparing both sides with
 * it tells who changed each field that differs.
 */
type Conflict<R, F> = { stage: ConflictStage; before: F; current?: R; mine?: F; reason?: string | undefined };

function EditForm<R extends Versioned, F, B>({ loaded, model, toasts, validate, children, conflictHeading, onConflict }: EditPageProps<R, F, B> & { loaded: R; onConflict: () => void }) {
  const { listPath, fields, toForm } = model;
  const actions = model.resource.useActions();
  const navigate = useNavigate();
  const [base, setBase] = useState(loaded);
  const form = useForm<F>(() => toForm(loaded));
  const [submitting, setSubmitting] = useState(false);
  const [conflict, setConflict] = useState<Conflict<R, F> | null>(null);
  // Typed changes against the version shown: leaving asks first (not after a save, nor on Cancelar).
  const [saved, setSaved] = useState(false);
  const baseForm = toForm(base);
  const dirty = !saved && fields.some((f) => shown(f, form.values) !== shown(f, baseForm));
  const { allow, prompt } = useLeaveGuard(dirty);

  const fetchCurrent = async () => {
    const before = toForm(base);
    setConflict({ stage: 'loading', before });
    try {
      setConflict({ stage: 'found', before, current: await actions.read(base.id) });
    } catch (err) {
      setConflict({ stage: 'failed', before, reason: reasonOf(err) });
    }
  };

  const submit = async () => {
    const refused = validate?.(form.values) ?? {};
    if (hasErrors(refused)) return form.fail(refused);
    setSubmitting(true);
    try {
      await actions.update({ ...model.toBody(form.values), id: base.id, versao: base.versao });
      notifySuccess(toasts.updated);
      allow();
      setSaved(true);
      navigate(listReturnPath(listPath));
    } catch (err) {
      const stale = isStale(err);
      // Someone else saved meanwhile: the spec's toast alone (the API's "Recarregue e tente de
      // novo" would contradict the panel, which keeps what was typed and explains).
      notifyError(toasts.updateFailed, stale ? undefined : reasonFor(err, fields));
      // The list may be stale (a 409): it is read again.
      actions.refresh();
      setSubmitting(false);
      const fieldError = fieldErrorOf(err, fields);
      if (fieldError) form.fail(fieldError);
      else if (stale) {
        onConflict();
        void fetchCurrent();
      }
    }
  };

  // Loading the current version: it becomes the base (its versao is the one the next save
  // sends), the form shows it, and the user's values stay listed to be put back.
  const loadCurrent = () => {
    if (!conflict?.current) return;
    setBase(conflict.current);
    form.reset(toForm(conflict.current));
    setConflict({ ...conflict, stage: 'loaded', mine: form.values });
  };

  // A three-way comparison: only a field the user changed can be put back; one only the other
  // person changed keeps their value (putting the user's back would silently undo their change).
  let rows: ConflictRow[] = [];
  if (conflict?.current) {
    const { before } = conflict;
    const current = toForm(conflict.current);
    const mine = conflict.mine ?? form.values;
    rows = fields.flatMap((f): ConflictRow[] => {
      const [was, ours, theirs] = [shown(f, before), shown(f, mine), shown(f, current)];
      if (ours === theirs) return [];
      const changedBy = ours === was ? 'theirs' : theirs === was ? 'mine' : 'both';
      return [{ key: f.key, label: f.label, mine: ours, current: theirs, changedBy, applied: shown(f, form.values) === ours }];
    });
  }
  const reapply = (key: string) => {
    const row = rows.find((r) => r.key === key);
    if (conflict?.mine && row && row.changedBy !== 'theirs') form.change({ [key]: conflict.mine[key as keyof F] } as Partial<F>);
  };

  return (
    <>
      {conflict ? (
        <ConflictPanel heading={conflictHeading} stage={conflict.stage} rows={rows} reason={conflict.reason} onLoad={loadCurrent} onRetry={() => void fetchCurrent()} onReapply={reapply} />
      ) : null}
      <FormShell onSubmit={() => void submit()} submitLabel={T.common.update} submitting={submitting} cancelTo={listReturnPath(listPath)} cancelLabel={T.common.cancel} onCancel={allow} invalidAt={form.invalidAt}>
        {children(form, base)}
      </FormShell>
      {prompt}
    </>
  );
}
