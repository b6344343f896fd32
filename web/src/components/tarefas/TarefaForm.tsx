import { useId, useRef, useState, type FormEvent } from 'react';
import { charCount, LIMITS, TIPOS_TAREFA, TIPO_TAREFA_LABEL, type Tarefa, type TipoTarefa } from '@contract';
import { newIdempotencyKey, reasonOf } from '../../api/http.ts';
import type { TarefaBody } from '../../api/tarefas.ts';
import { useSession } from '../../lib/session.ts';
import { useEquipe, useTarefaWrites } from '../../lib/tarefas.ts';
import { notifySuccess } from '../../lib/toast.tsx';
import { companyTimeZone, dayIn, timeIn, zonedIso } from '../../lib/zoned.ts';
import { TAREFAS_TEXTS } from '../../texts/tarefas.ts';
import { FormAlert } from '../FormAlert.tsx';
import { ButtonSpinner } from '../Spinner.tsx';

const F = TAREFAS_TEXTS.form;
const L = LIMITS.tarefa;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export type TarefaFormMode = 'nova' | 'registrar';

interface Draft {
  tipo: TipoTarefa;
  descricao: string;
  dia: string;
  hora: string;
  duracao: string;
  responsavel: string;
  resultado: string;
}

type Errors = Partial<Record<keyof Draft, string>>;

/** The next whole hour in the company's zone (a new tarefa's default), or this minute (an interaction that just happened). */
function defaultWhen(mode: TarefaFormMode, now: Date, zone: string): { dia: string; hora: string } {
  if (mode === 'registrar') return { dia: dayIn(now, zone), hora: timeIn(now, zone) };
  const next = new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000);
  return { dia: dayIn(next, zone), hora: timeIn(next, zone).slice(0, 3) + '00' };
}

/** What is wrong with a draft (empty: it can be sent). */
export function validate(d: Draft, mode: TarefaFormMode, now: Date, zone: string): Errors {
  const e: Errors = {};
  const descricao = d.descricao.trim();
  if (!descricao) e.descricao = F.obrigatoria(F.descricao);
  else if (charCount(descricao) > L.descricao.max) e.descricao = F.longo(F.descricao, L.descricao.max);
  if (!DAY.test(d.dia) || Number.isNaN(Date.parse(`${d.dia}T00:00:00Z`))) e.dia = F.dataInvalida;
  if (!TIME.test(d.hora)) e.hora = F.horaInvalida;
  if (d.duracao.trim()) {
    const n = Number(d.duracao.trim());
    if (!Number.isInteger(n) || n < L.duracaoMin.min || n > L.duracaoMin.max) e.duracao = F.duracaoInvalida;
  }
  if (charCount(d.resultado.trim()) > L.resultado.max) e.resultado = F.longo(F.resultado, L.resultado.max);
  if (mode === 'registrar' && !e.dia && !e.hora && Date.parse(zonedIso(d.dia, d.hora, zone)) > now.getTime()) e.hora = F.futura;
  return e;
}

/**
 * *Nova tarefa* (something to do, at a date and time in the company's zone) or *Registrar
 * interação* (a call or meeting that already happened: created done, with what came of it), on a
 * client. With sign-in the responsável is picked from the team (the signed-in person by default);
 * in the open mode it is free text. `onDone` gets the created tarefa, `onCancel` closes the form.
 */
export function TarefaForm({ cliente, mode, onDone, onCancel }: { cliente: number; mode: TarefaFormMode; onDone: (t: Tarefa) => void; onCancel: () => void }) {
  const zone = companyTimeZone();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const equipe = useEquipe(signedIn);
  const [draft, setDraft] = useState<Draft>(() => ({
    tipo: 'ligacao',
    descricao: '',
    ...defaultWhen(mode, new Date(), zone),
    duracao: '',
    responsavel: signedIn ? session.user.email : '',
    resultado: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One key per form: a retried submission after a lost answer creates once.
  const key = useRef(newIdempotencyKey());
  const writes = useTarefaWrites();
  const id = useId();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  // The team as options; the current value stays one even when it left the team.
  const options = signedIn ? [...new Set([draft.responsavel, ...(equipe.data ?? []).map((u) => u.email)].filter(Boolean))] : [];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(draft, mode, new Date(), zone);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const resultado = draft.resultado.trim();
    const responsavel = draft.responsavel.trim();
    const body: TarefaBody = {
      cliente,
      tipo: draft.tipo,
      descricao: draft.descricao.trim(),
      quando: zonedIso(draft.dia, draft.hora, zone),
      ...(draft.duracao.trim() ? { duracaoMin: Number(draft.duracao.trim()) } : {}),
      ...(responsavel ? { responsavel } : {}),
      ...(mode === 'registrar' ? { concluida: true } : {}),
      ...(resultado ? { resultado } : {}),
    };
    setBusy(true);
    try {
      const t = await writes.create(body, key.current);
      notifySuccess(mode === 'registrar' ? TAREFAS_TEXTS.toasts.registrada : TAREFAS_TEXTS.toasts.criada);
      onDone(t);
    } catch (err) {
      setFailure(reasonOf(err) ?? TAREFAS_TEXTS.toasts.erro);
    } finally {
      setBusy(false);
    }
  }

  const field = (k: keyof Draft, label: string, input: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => React.ReactNode, className = 'field') => (
    <div className={errors[k] ? `${className} has-error` : className}>
      <label htmlFor={`${id}-${k}`} className="field-label">
        {label}
      </label>
      {input({ id: `${id}-${k}`, 'aria-invalid': Boolean(errors[k]), 'aria-describedby': errors[k] ? `${id}-${k}-error` : undefined })}
      {errors[k] ? (
        <p id={`${id}-${k}-error`} className="field-error">
          {errors[k]}
        </p>
      ) : null}
    </div>
  );

  const title = mode === 'registrar' ? F.registrarTitle : F.novaTitle;
  return (
    <form className="card tarefa-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${id}-title`} className="panel-title">
        {title}
      </h3>
      {mode === 'registrar' ? <p className="field-help">{F.registrarHint}</p> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="tarefa-form-grid">
        {field('tipo', F.tipo, (a) => (
          <select {...a} value={draft.tipo} onChange={(e) => set('tipo', e.target.value as TipoTarefa)}>
            {TIPOS_TAREFA.map((t) => (
              <option key={t} value={t}>
                {TIPO_TAREFA_LABEL[t]}
              </option>
            ))}
          </select>
        ))}
        {field('dia', F.data, (a) => <input {...a} type="date" value={draft.dia} onChange={(e) => set('dia', e.target.value)} />)}
        {field('hora', F.hora, (a) => <input {...a} type="time" value={draft.hora} onChange={(e) => set('hora', e.target.value)} />)}
        {field(
          'descricao',
          F.descricao,
          (a) => <input {...a} type="text" maxLength={L.descricao.max} placeholder={F.descricaoPlaceholder} value={draft.descricao} onChange={(e) => set('descricao', e.target.value)} />,
          'field field-full',
        )}
        {field('duracao', F.duracao, (a) => <input {...a} type="text" inputMode="numeric" value={draft.duracao} onChange={(e) => set('duracao', e.target.value)} />)}
        {field('responsavel', F.responsavel, (a) =>
          signedIn ? (
            <select {...a} value={draft.responsavel} onChange={(e) => set('responsavel', e.target.value)}>
              {options.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </select>
          ) : (
            <input {...a} type="text" maxLength={L.responsavel.max} value={draft.responsavel} onChange={(e) => set('responsavel', e.target.value)} />
          ),
        )}
        {mode === 'registrar'
          ? field(
              'resultado',
              F.resultado,
              (a) => <textarea {...a} rows={3} maxLength={L.resultado.max} value={draft.resultado} onChange={(e) => set('resultado', e.target.value)} />,
              'field field-full',
            )
          : null}
      </div>
      <p className="field-help">{F.fuso(zone)}</p>
      <div className="tarefa-panel-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <ButtonSpinner /> : null}
          {mode === 'registrar' ? F.salvarInteracao : F.salvar}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {F.cancelar}
        </button>
      </div>
    </form>
  );
}
