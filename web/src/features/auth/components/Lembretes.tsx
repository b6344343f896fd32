import { useEffect, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import type { Lembretes as LembretesData } from '@contract';
import { CheckboxField } from '../../../components/InputField.tsx';
import { ButtonSpinner, Spinner } from '../../../components/Spinner.tsx';
import { createCalendario, LEMBRETES_PATH, revokeCalendario, setEmailDiario } from '../../../api/lembretes.ts';
import { fetcher, reasonOf } from '../../../api/http.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.tsx';
import { LEMBRETES_TEXTS as T } from '../../../texts/lembretes.ts';

const dataCurta = (iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }).format(new Date(iso));

/** The fresh URL, shown once: a read-only field to select, and a copy button. */
function NovoEndereco({ url }: { url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [url]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(T.calendario.copied);
    } catch {
      input.current?.select();
      notifyError(T.calendario.copyFailed);
    }
  };
  return (
    <div className="field lembrete-url">
      <label htmlFor={id} className="field-label">
        {T.calendario.urlLabel}
      </label>
      <div className="lembrete-url-row">
        <input id={id} ref={input} className="field-input" type="text" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          {T.calendario.copy}
        </button>
      </div>
      <p className="form-text" role="status">
        {T.calendario.showOnce}
      </p>
      <p className="form-text">{T.calendario.howTo}</p>
    </div>
  );
}

/** The private calendar feed: turn on (a URL shown once), make a new one, or revoke it. */
function Calendario({ data, onChange }: { data: LembretesData; onChange: (next: LembretesData) => Promise<unknown> }) {
  const [asking, setAsking] = useState<'rotate' | 'revoke'>();
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<string>();
  const ativo = data.calendario.ativo;

  const create = async () => {
    setBusy(true);
    try {
      const created = await createCalendario();
      setFresh(created.url);
      setAsking(undefined);
      notifySuccess(T.calendario.created);
      await onChange({ ...data, calendario: { ativo: true, desde: created.desde } });
    } catch (err) {
      notifyError(T.calendario.failed, reasonOf(err));
    }
    setBusy(false);
  };
  const revoke = async () => {
    setBusy(true);
    try {
      await revokeCalendario();
      setFresh(undefined);
      setAsking(undefined);
      notifySuccess(T.calendario.revoked);
      await onChange({ ...data, calendario: { ativo: false } });
    } catch (err) {
      notifyError(T.calendario.failed, reasonOf(err));
    }
    setBusy(false);
  };

  return (
    <div className="card account-card">
      <p>{T.calendario.intro}</p>
      <p role="status">{ativo && data.calendario.desde ? T.calendario.on(dataCurta(data.calendario.desde)) : T.calendario.off}</p>
      {fresh ? <NovoEndereco url={fresh} /> : null}
      {asking ? (
        <div className="lembrete-confirm" role="group" aria-label={asking === 'rotate' ? T.calendario.rotate : T.calendario.revoke}>
          <p className="form-text">{asking === 'rotate' ? T.calendario.confirmRotate : T.calendario.confirmRevoke}</p>
          <div className="form-actions">
            <button type="button" className={asking === 'revoke' ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy} onClick={() => void (asking === 'rotate' ? create() : revoke())}>
              {busy ? <ButtonSpinner /> : null}
              {T.calendario.confirm}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setAsking(undefined)}>
              {T.calendario.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          {ativo ? (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setAsking('rotate')}>
                {T.calendario.rotate}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setAsking('revoke')}>
                {T.calendario.revoke}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void create()}>
              {busy ? <ButtonSpinner /> : null}
              {T.calendario.enable}
            </button>
          )}
        </div>
      )}
      <p className="form-text card-note">{T.calendario.refresh}</p>
    </div>
  );
}

/** The morning e-mail's switch. */
function EmailDiario({ data, onChange }: { data: LembretesData; onChange: (next: LembretesData) => Promise<unknown> }) {
  const busy = useRef(false);
  const ativo = data.emailDiario.ativo;
  const toggle = async (next: boolean) => {
    if (busy.current) return;
    busy.current = true;
    // The box follows the click at once; a refusal puts it back.
    void onChange({ ...data, emailDiario: { ativo: next } });
    try {
      await onChange(await setEmailDiario(next));
      notifySuccess(T.email.saved(next));
    } catch (err) {
      await onChange(data);
      notifyError(T.email.failed, reasonOf(err));
    }
    busy.current = false;
  };
  return (
    <div className="card account-card">
      <CheckboxField label={T.email.label} name="email-diario" checked={ativo} help={ativo ? T.email.on : T.email.off} onChange={(next) => void toggle(next)} />
    </div>
  );
}

/** Minha conta's reminders: the calendar feed and the morning e-mail (sign-in only: the page is). */
export function Lembretes() {
  const calendarioId = useId();
  const emailId = useId();
  const status = useSWR<LembretesData>(LEMBRETES_PATH, fetcher);
  const update = (next: LembretesData) => status.mutate(next, { revalidate: false });
  if (status.data === undefined)
    return status.error ? (
      <div className="card account-card">
        <p>{T.loadFailed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void status.mutate()}>
          {T.retry}
        </button>
      </div>
    ) : (
      <Spinner label={T.loading} size="sm" />
    );
  return (
    <>
      <section className="account-section" aria-labelledby={calendarioId}>
        <h2 id={calendarioId} className="section-title">
          {T.calendario.heading}
        </h2>
        <Calendario data={status.data} onChange={update} />
      </section>
      <section className="account-section" aria-labelledby={emailId}>
        <h2 id={emailId} className="section-title">
          {T.email.heading}
        </h2>
        <EmailDiario data={status.data} onChange={update} />
      </section>
    </>
  );
}
