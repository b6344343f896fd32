import { useCallback, useId, useMemo } from 'react';
import { RESPONSAVEL_EU, TIPOS_TAREFA, TIPO_TAREFA_LABEL, type TipoTarefa } from '@contract';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { CalendarIcon } from '../../../components/icons-pages.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Spinner, ButtonSpinner } from '../../../components/Spinner.tsx';
import { EmptyState, LoadError } from '../../../components/States.tsx';
import { TarefaItem } from '../../../components/tarefas/TarefaItem.tsx';
import { UndoBar } from '../../../components/UndoBar.tsx';
import type { TarefasQuery } from '../../../api/tarefas.ts';
import { isAtrasada, SECOES, secoesOf } from '../../../lib/agenda.ts';
import { useIsAdmin } from '../../../lib/admin.ts';
import { useQueryState } from '../../../lib/query-state.ts';
import { useNow } from '../../../lib/hooks.ts';
import { useSession } from '../../../lib/session.ts';
import { agendaHorizon, useEquipe, useResumoTarefas, useSemResponsavelPages, useTarefasPages } from '../../../lib/tarefas.ts';
import { paths } from '../../../paths.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { TAREFAS_TEXTS } from '../../../texts/tarefas.ts';

const A = TAREFAS_TEXTS.agenda;

type Escopo = 'minhas' | 'equipe';

/** The agenda's view from the URL: `?escopo=equipe`, `?tipo=ligacao` (unknown values ignored). */
function viewOf(search: URLSearchParams, signedIn: boolean): { escopo: Escopo; tipo: TipoTarefa | undefined } {
  const tipo = search.get('tipo');
  return {
    // With sign-in off nobody is "me": the team's.
    escopo: !signedIn || search.get('escopo') === 'equipe' ? 'equipe' : 'minhas',
    tipo: (TIPOS_TAREFA as readonly string[]).includes(tipo ?? '') ? (tipo as TipoTarefa) : undefined,
  };
}

/**
 * /agenda: the pending tarefas by day in the company's time zone: *Atrasadas* first and counted,
 * *Hoje*, *Próximos 7 dias*, *Depois*; one's own or the team's, all types or one. Each tarefa is
 * completed, rescheduled or its client opened in one click, or deleted (Desfazer then restores
 * it). In "Da equipe", the tarefas of people no longer active come last under *Sem responsável
 * ativo* (the server finds them, whatever their date), where an administrator reassigns them. The
 * view lives in the URL.
 */
export default function Agenda() {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const [search, setSearch] = useQueryState();
  const { escopo, tipo } = viewOf(search, signedIn);
  const ready = session.status === 'signedIn' || session.status === 'off';
  const responsavel = escopo === 'minhas' ? RESPONSAVEL_EU : undefined;
  const query = useMemo<TarefasQuery | null>(() => (ready ? { status: 'pendente', ...(responsavel ? { responsavel } : {}), ...(tipo ? { tipo } : {}) } : null), [ready, responsavel, tipo]);
  const now = useNow();
  const pages = useTarefasPages(query, agendaHorizon(now));
  const resumo = useResumoTarefas(responsavel, ready);
  // Who is still on the team (with sign-in): the others' tarefas say "Sem responsável ativo".
  const equipe = useEquipe(signedIn && escopo === 'equipe');
  const emails = useMemo(() => equipe.data?.map((u) => u.email), [equipe.data]);
  const ativos = useMemo(() => (emails ? new Set(emails) : undefined), [emails]);
  // The tarefas of people no longer active (disabled, deleted, never users) gather under their own
  // heading, for reassignment: found by the server among all the team's pending ones, whatever their date.
  const semResponsavel = useSemResponsavelPages(signedIn && escopo === 'equipe', tipo);
  const orfas = semResponsavel.itens;
  const secoes = useMemo(() => secoesOf(ativos ? pages.itens.filter((t) => ativos.has(t.responsavel)) : pages.itens, now), [pages.itens, ativos, now]);
  // Only an administrator may reassign another's tarefa (the API checks it live).
  const admin = useIsAdmin('none');
  const tipoId = useId();
  const { refresh } = pages;
  const { refresh: refreshOrfas } = semResponsavel;
  const onChanged = useCallback(() => {
    void refresh();
    void refreshOrfas();
  }, [refresh, refreshOrfas]);

  const set = (name: string, value: string | undefined) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  let body;
  if (!ready || (pages.isLoading && pages.itens.length === 0)) body = <Spinner />;
  else if (pages.error && pages.itens.length === 0) body = <LoadError message={A.loadError} onRetry={() => void pages.refresh()} />;
  else if (pages.itens.length === 0)
    body = <EmptyState title={A.emptyTitle} text={A.emptyText} actionLabel={A.emptyAction} to={paths.clientes} icon={<CalendarIcon size={32} />} />;
  else
    body = (
      <div className="agenda-secoes">
        {SECOES.map((s) => {
          const itens = secoes[s];
          // Atrasadas: the server's exact count when no type narrows the view.
          const count = s === 'atrasadas' && !tipo && resumo.data ? resumo.data.atrasadas - orfas.filter((t) => isAtrasada(t, now)).length : itens.length;
          if (s !== 'atrasadas' && s !== 'hoje' && itens.length === 0) return null;
          if (s === 'atrasadas' && count === 0) return null;
          const titleId = `agenda-${s}`;
          return (
            <section key={s} className={`agenda-secao secao-${s}`} aria-labelledby={titleId}>
              <h2 id={titleId} className="section-title">
                {A.secoes[s]} <span className="agenda-count">({count})</span>
                <span className="visually-hidden">: {A.count(count)}</span>
              </h2>
              {itens.length === 0 ? (
                <p className="card-meta">{A.secaoVazia}</p>
              ) : (
                <ol className="agenda-list">
                  {itens.map((t) => (
                    <li key={`${t.id}.${t.versao}`} className="card agenda-item">
                      <TarefaItem
                        tarefa={t}
                        now={now}
                        atrasada={s === 'atrasadas'}
                        showResponsavel={escopo === 'equipe'}
                        onChanged={onChanged}
                      />
                    </li>
                  ))}
                </ol>
              )}
            </section>
          );
        })}
        {orfas.length ? (
          <section className="agenda-secao secao-sem-responsavel" aria-labelledby="agenda-sem-responsavel">
            <h2 id="agenda-sem-responsavel" className="section-title">
              {A.semResponsavel} <span className="agenda-count">({orfas.length}{semResponsavel.more ? '+' : ''})</span>
              <span className="visually-hidden">: {semResponsavel.more ? A.countMais(orfas.length) : A.count(orfas.length)}</span>
            </h2>
            <p className="card-meta">{A.semResponsavelHint}</p>
            <ol className="agenda-list">
              {orfas.map((t) => (
                <li key={`${t.id}.${t.versao}`} className="card agenda-item">
                  <TarefaItem tarefa={t} now={now} atrasada={isAtrasada(t, now)} semResponsavel equipe={admin ? emails : undefined} onChanged={onChanged} />
                </li>
              ))}
            </ol>
            {semResponsavel.more ? (
              <button type="button" className="btn btn-secondary" disabled={semResponsavel.loadingMore} onClick={semResponsavel.loadMore}>
                {semResponsavel.loadingMore ? <ButtonSpinner /> : null}
                {APP_TEXTS.common.showMore}
              </button>
            ) : null}
          </section>
        ) : null}
        {pages.more ? (
          <button type="button" className="btn btn-secondary" disabled={pages.loadingMore} onClick={pages.loadMore}>
            {pages.loadingMore ? <ButtonSpinner /> : null}
            {APP_TEXTS.common.showMore}
          </button>
        ) : null}
      </div>
    );

  const action = query ? <ExportButton shown={[query]} run={(m, [q]) => m.exportTarefas(q!)} /> : null;
  return (
    <div className="page page-agenda">
      <PageHeader title={A.title} heading={A.heading} subtitle={A.subheading} action={action} />
      <div className="list-tools agenda-tools">
        {signedIn ? (
          <div className="chips" role="group" aria-label={A.escopoLabel}>
            {(['minhas', 'equipe'] as const).map((e) => (
              <button key={e} type="button" className="chip" aria-pressed={escopo === e} onClick={() => set('escopo', e === 'equipe' ? 'equipe' : undefined)}>
                <span className="chip-label">{A.escopo[e]}</span>
              </button>
            ))}
          </div>
        ) : null}
        <div className="sort-control">
          <label htmlFor={tipoId} className="field-label">
            {A.tipoLabel}
          </label>
          <select id={tipoId} value={tipo ?? ''} onChange={(e) => set('tipo', e.target.value || undefined)}>
            <option value="">{A.todosTipos}</option>
            {TIPOS_TAREFA.map((t) => (
              <option key={t} value={t}>
                {TIPO_TAREFA_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <UndoBar onRestored={onChanged} />
      {body}
    </div>
  );
}
