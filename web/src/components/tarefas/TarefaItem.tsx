import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LIMITS, TIPO_TAREFA_LABEL, type Tarefa } from '@contract';
import { reasonOf } from '../../api/http.ts';
import { useSession } from '../../lib/session.ts';
import { isConflict, mayDeleteTarefa, useTarefaWrites } from '../../lib/tarefas.ts';
import { notifyError, notifySuccess } from '../../lib/toast.tsx';
import { companyTimeZone, dayIn, formatQuando, relativeDay, shiftDays, timeIn, zonedIso } from '../../lib/zoned.ts';
import { paths } from '../../paths.ts';
import { personOf } from '../../texts/historico.ts';
import { TAREFAS_TEXTS } from '../../texts/tarefas.ts';
import { ButtonSpinner } from '../Spinner.tsx';
import { TrashIcon } from '../icons-pages.tsx';
import { undoState } from '../undo-state.ts';

const I = TAREFAS_TEXTS.item;

type Panel = 'none' | 'concluir' | 'adiar' | 'data';

/**
 * One tarefa: its type, what to do, when (`27/11/2026 às 10:00`, "amanhã"), the client and who
 * does it. A pending one offers Concluir (asking for the optional resultado), Adiar (+1 dia,
 * +1 semana, another date: the same time of day in the company's zone) and Abrir cliente; who may
 * (the responsavel, an administrator) Excluir, pending or done, after which the page's UndoBar
 * offers Desfazer. `onChanged` runs after a write (the page reads its own pages again).
 */
export function TarefaItem({
  tarefa,
  now,
  showCliente = true,
  showResponsavel = true,
  atrasada = false,
  semResponsavel = false,
  equipe,
  onChanged,
}: {
  tarefa: Tarefa;
  now: Date;
  showCliente?: boolean;
  showResponsavel?: boolean;
  atrasada?: boolean;
  /** The responsavel is no longer an active user of the team. */
  semResponsavel?: boolean;
  /** The team's e-mails: with `semResponsavel`, the tarefa is reassigned to one of them here. */
  equipe?: readonly string[];
  onChanged?: () => void;
}) {
  const [panel, setPanel] = useState<Panel>('none');
  const [resultado, setResultado] = useState('');
  const [dia, setDia] = useState(() => dayIn(new Date(tarefa.quando), companyTimeZone()));
  const [hora, setHora] = useState(() => timeIn(new Date(tarefa.quando), companyTimeZone()));
  const [busy, setBusy] = useState(false);
  const [para, setPara] = useState('');
  const writes = useTarefaWrites();
  const deletable = mayDeleteTarefa(useSession(), tarefa);
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const zone = companyTimeZone();
  const tipo = TIPO_TAREFA_LABEL[tarefa.tipo];

  async function save(change: Parameters<typeof writes.update>[1], done: string) {
    setBusy(true);
    try {
      await writes.update(tarefa.id, change);
      notifySuccess(done);
      setPanel('none');
    } catch (err) {
      notifyError(isConflict(err) ? TAREFAS_TEXTS.toasts.conflito : TAREFAS_TEXTS.toasts.erro, isConflict(err) ? undefined : reasonOf(err));
    } finally {
      setBusy(false);
      onChanged?.();
    }
  }

  async function excluir() {
    setBusy(true);
    try {
      await writes.remove(tarefa.id);
      notifySuccess(TAREFAS_TEXTS.toasts.excluida);
      // The page stays; its UndoBar reads this state (as a list page does after a client's delete).
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: undoState({ tipo: 'tarefa', id: tarefa.id, nome: tarefa.descricao }) });
    } catch (err) {
      notifyError(TAREFAS_TEXTS.toasts.excluirErro, reasonOf(err));
    } finally {
      setBusy(false);
      onChanged?.();
    }
  }

  const excluirButton = deletable ? (
    <button type="button" className="btn btn-danger-ghost btn-sm" disabled={busy} aria-label={I.excluirLabel(tarefa.descricao)} onClick={() => void excluir()}>
      <TrashIcon size={16} />
      {I.excluir}
    </button>
  ) : null;

  const concluir = (e: FormEvent) => {
    e.preventDefault();
    const r = resultado.trim();
    void save({ versao: tarefa.versao, concluida: true, ...(r ? { resultado: r } : {}) }, TAREFAS_TEXTS.toasts.concluida);
  };
  const adiar = (quando: string) => void save({ versao: tarefa.versao, quando }, TAREFAS_TEXTS.toasts.adiada(formatQuando(quando, zone)));
  const outraData = (e: FormEvent) => {
    e.preventDefault();
    if (!dia || !hora) return;
    adiar(zonedIso(dia, hora, zone));
  };

  return (
    <article className={`tarefa${atrasada ? ' is-atrasada' : ''}${tarefa.concluida ? ' is-concluida' : ''}`} aria-labelledby={`${ids}-d`}>
      <div className="tarefa-head">
        <span className={`tarefa-tipo tipo-${tarefa.tipo}`}>{tipo}</span>
        <time className="tarefa-when" dateTime={tarefa.quando}>
          {formatQuando(tarefa.quando, zone)} <span className="tarefa-rel">({relativeDay(tarefa.quando, now, zone)})</span>
        </time>
        {atrasada ? <span className="tarefa-flag">{I.atrasada}</span> : null}
        {tarefa.concluida ? <span className="tarefa-flag is-done">{I.concluida}</span> : null}
      </div>
      <p id={`${ids}-d`} className="tarefa-descricao">
        {tarefa.descricao}
      </p>
      <p className="tarefa-meta">
        {showCliente ? (
          tarefa.clienteNome ? (
            <Link to={paths.cliente.to(tarefa.cliente)} className="tarefa-cliente" aria-label={I.abrirClienteLabel(tarefa.clienteNome)}>
              {tarefa.clienteNome}
            </Link>
          ) : null
        ) : null}
        {showResponsavel ? <span className="tarefa-resp">{semResponsavel ? `${I.responsavel(personOf(tarefa.responsavel))} · ${TAREFAS_TEXTS.agenda.semResponsavel}` : I.responsavel(personOf(tarefa.responsavel))}</span> : null}
        {tarefa.duracaoMin ? <span>{I.duracao(tarefa.duracaoMin)}</span> : null}
      </p>
      {tarefa.concluida ? (
        <>
          {tarefa.resultado ? <p className="tarefa-resultado">{tarefa.resultado}</p> : null}
          {tarefa.concluidaEm && tarefa.concluidaPor ? <p className="card-meta">{I.concluidaPor(personOf(tarefa.concluidaPor), formatQuando(tarefa.concluidaEm, zone))}</p> : null}
          {excluirButton ? <div className="tarefa-actions">{excluirButton}</div> : null}
        </>
      ) : (
        <div className="tarefa-actions">
          <button type="button" className="btn btn-primary btn-sm" aria-expanded={panel === 'concluir'} aria-label={I.concluirLabel(tarefa.descricao)} onClick={() => setPanel(panel === 'concluir' ? 'none' : 'concluir')}>
            {I.concluir}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" aria-expanded={panel === 'adiar' || panel === 'data'} aria-label={I.adiarLabel(tarefa.descricao)} onClick={() => setPanel(panel === 'adiar' || panel === 'data' ? 'none' : 'adiar')}>
            {I.adiar}
          </button>
          {showCliente && tarefa.clienteNome ? (
            <Link className="btn btn-secondary btn-sm" to={paths.cliente.to(tarefa.cliente)} aria-label={I.abrirClienteLabel(tarefa.clienteNome)}>
              {I.abrirCliente}
            </Link>
          ) : null}
          {excluirButton}
        </div>
      )}
      {semResponsavel && equipe?.length && !tarefa.concluida ? (
        <form
          className="tarefa-panel tarefa-panel-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (para) void save({ versao: tarefa.versao, responsavel: para }, I.reatribuida(para));
          }}
        >
          <div className="tarefa-date-field">
            <label className="field-label" htmlFor={`${ids}-para`}>
              {I.reatribuir}
            </label>
            <select id={`${ids}-para`} value={para} onChange={(e) => setPara(e.target.value)}>
              <option value="" disabled>
                {TAREFAS_TEXTS.form.responsavel}
              </option>
              {equipe.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </select>
          </div>
          <div className="tarefa-panel-actions">
            <button type="submit" className="btn btn-secondary btn-sm" disabled={busy || !para}>
              {I.reatribuirSalvar}
            </button>
          </div>
        </form>
      ) : null}
      {panel === 'concluir' ? (
        <form className="tarefa-panel" onSubmit={concluir}>
          <label className="field-label" htmlFor={`${ids}-r`}>
            {I.resultado}
          </label>
          <textarea
            id={`${ids}-r`}
           
            rows={3}
            maxLength={LIMITS.tarefa.resultado.max}
            placeholder={I.resultadoPlaceholder}
            value={resultado}
            onChange={(e) => setResultado(e.target.value)}
            // The one field of the panel: typing starts at once.
            autoFocus
          />
          <PanelActions busy={busy} disabled={busy} label={I.confirmarConclusao} onCancel={() => setPanel('none')} />
        </form>
      ) : null}
      {panel === 'adiar' ? (
        <div className="tarefa-panel tarefa-panel-row" role="group" aria-label={I.adiarLabel(tarefa.descricao)}>
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => adiar(shiftDays(tarefa.quando, 1, zone))}>
            {I.maisUmDia}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => adiar(shiftDays(tarefa.quando, 7, zone))}>
            {I.maisUmaSemana}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => setPanel('data')}>
            {I.outraData}
          </button>
        </div>
      ) : null}
      {panel === 'data' ? (
        <form className="tarefa-panel tarefa-panel-row" onSubmit={outraData}>
          <div className="tarefa-date-field">
            <label className="field-label" htmlFor={`${ids}-dia`}>
              {I.novaData}
            </label>
            <input id={`${ids}-dia`} type="date" required value={dia} onChange={(e) => setDia(e.target.value)} />
          </div>
          <div className="tarefa-date-field">
            <label className="field-label" htmlFor={`${ids}-hora`}>
              {I.novaHora}
            </label>
            <input id={`${ids}-hora`} type="time" required value={hora} onChange={(e) => setHora(e.target.value)} />
          </div>
          <PanelActions busy={busy} disabled={busy || !dia || !hora} label={I.salvarData} onCancel={() => setPanel('none')} />
        </form>
      ) : null}
    </article>
  );
}

/** A panel's submit (a spinner while it saves) and its Cancelar. */
function PanelActions({ busy, disabled, label, onCancel }: { busy: boolean; disabled: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="tarefa-panel-actions">
      <button type="submit" className="btn btn-primary btn-sm" disabled={disabled}>
        {busy ? <ButtonSpinner /> : null}
        {label}
      </button>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel}>
        {I.cancelar}
      </button>
    </div>
  );
}
