import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { RESPONSAVEL_EU, TIPO_TAREFA_LABEL, type Atividade, type PaginaTarefas, type Resumo, type TarefasResumo } from '@contract';
import { resumoTarefasPath, tarefasPath } from '../../api/tarefas-paths.ts';
import { companyTimeZone } from '../../lib/company-zone.ts';
import { useSession } from '../../lib/session.ts';
import { PlusIcon } from '../../components/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useAtividades, useClientes, useResumo } from '../../lib/resources.ts';
import { paths } from '../../paths.ts';
import { APP_TEXTS } from '../../texts/app.ts';
import { CARTEIRA_TEXTS } from '../../texts/carteira.ts';
import { campoLabel } from '../../texts/campos.ts';
import { SEM_CATEGORIA, viewHref } from '../../lib/clientes-url.ts';
import { PortfolioMessage, PortfolioSkeleton } from './PortfolioFrame.tsx';
import { daysOverdue, renewalsWithin } from '../../lib/renovacoes.ts';
import { ACTIVITY_FEED_DAYS, LIST_PAGED_ABOVE, RENEWAL_WINDOWS } from '../../config.ts';
import type { PeriodRead } from './PeriodReader.tsx';
import { RENOVACOES_CAPPED } from '../../texts/renovacoes.ts';

// Above LIST_PAGED_ABOVE clients the renewals come from the contract-end index: a chunk of its own.
const PeriodReader = lazy(() => import('./PeriodReader.tsx'));

const P = CARTEIRA_TEXTS.portfolio;
/** Bars of the chart: the top categories by contract value; the rest is one "Outras" bar. */
export const CHART_TOP = 8;
/** Renewals listed (the count and sum cover them all). */
export const RENEW_SHOWN = 5;
/** Days ahead a contract's end counts as a renewal. */
export const RENEW_DAYS = 30;

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' });

export interface Bar {
  key: string;
  label: string;
  clientes: number;
  soma: number;
  /** The filtered client list; undefined when it can't be one link. */
  href?: string;
}

/** The chart's bars: categories (and Sem categoria) with clients, by value; past the top, "Outras". */
export function barsOf(resumo: Resumo): Bar[] {
  const all = [
    ...resumo.categorias.map((c) => ({ id: c.id, label: c.descricao, clientes: c.clientes, soma: c.soma })),
    { id: SEM_CATEGORIA, label: APP_TEXTS.common.noCategoria, ...resumo.semCategoria },
  ]
    .filter((c) => c.clientes > 0)
    .sort((a, b) => b.soma - a.soma || a.id - b.id);
  const bars: Bar[] = all.slice(0, CHART_TOP).map((c) => ({
    key: String(c.id),
    label: c.label,
    clientes: c.clientes,
    soma: c.soma,
    href: viewHref(paths.clientes, { categorias: [c.id] }),
  }));
  const rest = all.slice(CHART_TOP);
  if (rest.length > 0) {
    const cents = rest.reduce((s, c) => s + Math.round(c.soma * 100), 0);
    bars.push({
      key: 'outras',
      label: P.others,
      clientes: rest.reduce((s, c) => s + c.clientes, 0),
      soma: cents / 100,
      // A link while the URL stays reasonable.
      href: rest.length <= 50 ? viewHref(paths.clientes, { categorias: rest.map((c) => c.id) }) : undefined,
    });
  }
  return bars;
}

function Kpis({ resumo }: { resumo: Resumo }) {
  const share = resumo.clientes ? resumo.vips / resumo.clientes : 0;
  const media = resumo.clientes ? resumo.soma / resumo.clientes : 0;
  const items = [
    { label: P.clientes, value: String(resumo.clientes), note: undefined },
    { label: P.vips, value: String(resumo.vips), note: P.vipShare(percent.format(share)) },
    { label: P.soma, value: formatMoney(resumo.soma), note: undefined },
    { label: P.media, value: formatMoney(Math.round(media * 100) / 100), note: undefined },
  ];
  return (
    <dl className="kpis">
      {items.map((k) => (
        <div key={k.label} className="card kpi">
          <dt>{k.label}</dt>
          <dd className="kpi-value">{k.value}</dd>
          {k.note ? <dd className="kpi-note">{k.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Contract value by category: SVG bars, each row a link to the filtered list; a table for screen readers. */
function Chart({ resumo }: { resumo: Resumo }) {
  const bars = barsOf(resumo);
  const max = Math.max(...bars.map((b) => b.soma), 0) || 1;
  return (
    <figure className="card panel chart" aria-labelledby="chart-title">
      <figcaption id="chart-title" className="panel-title">
        {P.chartTitle}
      </figcaption>
      <ul className="chart-rows">
        {bars.map((b) => {
          const value = formatMoney(b.soma);
          const content = (
            <>
              <span className="chart-label">{b.label}</span>
              <svg className="chart-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect x="0" y="0" height="10" rx="1.5" width={Math.max(0.5, (b.soma / max) * 100)} />
              </svg>
              <span className="chart-value">{value}</span>
            </>
          );
          return (
            <li key={b.key}>
              {b.href ? (
                <Link className="chart-row" to={b.href} aria-label={P.barLink(b.label, value)}>
                  {content}
                </Link>
              ) : (
                <span className="chart-row">{content}</span>
              )}
            </li>
          );
        })}
      </ul>
      {/* In a hidden box: a table ignores the width that hides it, and widened the page on a phone. */}
      <div className="visually-hidden">
        <table>
          <caption>{P.chartTable}</caption>
          <thead>
            <tr>
              <th scope="col">{P.chartCategoria}</th>
              <th scope="col">{P.chartClientes}</th>
              <th scope="col">{P.chartValor}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.key}>
                <th scope="row">{b.label}</th>
                <td>{b.clientes}</td>
                <td>{formatMoney(b.soma)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** "Contratos a renovar" at the home's window (its page's first window needs no query). */
const RENEW_HREF = RENEW_DAYS === RENEWAL_WINDOWS[0] ? paths.renovacoes : `${paths.renovacoes}?dias=${RENEW_DAYS}`;

/**
 * The renewals of the home's window, once `resumo` says how to read them: the whole list, or
 * (paged, as the lists decide above LIST_PAGED_ABOVE clients) the period `reader` reads.
 */
function useRenewals(resumo: Resumo | undefined) {
  const paged = resumo !== undefined && resumo.clientes > LIST_PAGED_ABOVE;
  const whole = useClientes(resumo !== undefined && resumo.clientes > 0 && !paged);
  const [period, setPeriod] = useState<PeriodRead>();
  const reader = paged ? (
    <Suspense fallback={null}>
      <PeriodReader days={RENEW_DAYS} onRead={setPeriod} />
    </Suspense>
  ) : null;
  const { data, error, retry } = paged ? (period ?? { data: undefined, error: undefined, retry: () => undefined }) : { data: whole.data, error: whole.error as unknown, retry: () => void whole.mutate() };
  const due = data ? renewalsWithin(data, RENEW_DAYS) : undefined;
  return { reader, due, error, retry, capped: paged && period?.complete === false };
}

type RenewalsData = ReturnType<typeof useRenewals>;

function Renewals({ due, error, retry, capped }: Omit<RenewalsData, 'reader'>) {
  const cents = due?.reduce((s, c) => s + Math.round(c.valorContrato * 100), 0) ?? 0;
  return (
    <section className="card panel renewals" aria-labelledby="renew-title" aria-busy={!due && !error}>
      <h3 id="renew-title" className="panel-title">
        {/* The whole list, beyond the few shown here. */}
        <Link to={RENEW_HREF}>{P.renewTitle}</Link>
      </h3>
      {!due ? (
        error ? (
          <>
            <p className="panel-note">{P.renewError}</p>
            <button type="button" className="btn btn-secondary btn-sm panel-retry" onClick={retry}>
              {APP_TEXTS.common.retry}
            </button>
          </>
        ) : (
          <p className="panel-note">{P.renewLoading}</p>
        )
      ) : due.length === 0 ? (
        <p className="panel-note">{P.renewNone}</p>
      ) : (
        <>
          <p className="panel-note">{P.renewTotal(due.length, formatMoney(cents / 100))}</p>
          <ul className="panel-rows">
            {due.slice(0, RENEW_SHOWN).map((c) => (
              <li key={c.id}>
                <Link to={paths.atualizarCliente.to(c.id)}>{c.nome}</Link>
                <span className="row-meta">
                  {daysOverdue(c.fimContrato!) > 0 ? P.renewOverdue(daysOverdue(c.fimContrato!)) : P.renewOn(dateOnly.format(new Date(`${c.fimContrato!.slice(0, 10)}T00:00:00Z`)))} ·{' '}
                  <span className="money">{formatMoney(c.valorContrato)}</span>
                </span>
              </li>
            ))}
          </ul>
          {due.length > RENEW_SHOWN ? (
            <p className="panel-note">
              <Link to={RENEW_HREF}>{capped ? RENOVACOES_CAPPED(due.length) : P.renewMore(due.length - RENEW_SHOWN)}</Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Today's tarefas listed (the overdue ones first); the count covers them all. */
export const HOJE_SHOWN = 5;

/** A day (`2026-11-27`) and a time (`27/11 10:00` parts) in the company's zone, with Intl alone: the home stays light. */
const dayFormat = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
const whenFormat = (zone: string, withDay: boolean) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(withDay ? { day: '2-digit', month: '2-digit', year: 'numeric' } : {}) });

/**
 * One's tarefas due today and the overdue ones, overdue first (the list is by `quando`, and
 * theirs come before today's): each a link to its client; the rest on /agenda. With sign-in off,
 * the team's.
 */
/** Today's tarefas and the overdue ones (the first HOJE_SHOWN) and their counts: read with the block's other parts. */
function useHoje(enabled: boolean) {
  const session = useSession();
  const responsavel = session.status === 'signedIn' ? RESPONSAVEL_EU : undefined;
  const zone = companyTimeZone();
  const today = dayFormat(zone).format(new Date());
  const { data, error, mutate } = useSWR<PaginaTarefas>(enabled ? tarefasPath({ status: 'pendente', ...(responsavel ? { responsavel } : {}), ate: today, limit: HOJE_SHOWN }) : null);
  const { data: counts } = useSWR<TarefasResumo>(enabled ? resumoTarefasPath(responsavel) : null);
  return { zone, today, data, error, retry: () => void mutate(), total: counts ? counts.atrasadas + counts.hoje : undefined };
}

function Hoje({ zone, today, data, error, retry, total }: ReturnType<typeof useHoje>) {
  return (
    <section className="card panel hoje" aria-labelledby="hoje-title" aria-busy={!data && !error}>
      <h3 id="hoje-title" className="panel-title">
        <Link to={paths.agenda}>{P.hojeTitle}</Link>
      </h3>
      {!data ? (
        error ? (
          <>
            <p className="panel-note">{P.hojeError}</p>
            <button type="button" className="btn btn-secondary btn-sm panel-retry" onClick={retry}>
              {APP_TEXTS.common.retry}
            </button>
          </>
        ) : null
      ) : data.itens.length === 0 ? (
        <p className="panel-note">{P.hojeNone}</p>
      ) : (
        <>
          <ul className="panel-rows">
            {data.itens.map((t) => {
              const atrasada = dayFormat(zone).format(new Date(t.quando)) < today;
              return (
                <li key={t.id} className={atrasada ? 'is-atrasada' : undefined}>
                  <span className="row-text">
                    <strong>{TIPO_TAREFA_LABEL[t.tipo]}</strong> {t.descricao}
                    {t.clienteNome ? (
                      <>
                        {' · '}
                        <Link to={paths.cliente.to(t.cliente)}>{t.clienteNome}</Link>
                      </>
                    ) : null}
                  </span>
                  <span className="row-meta">
                    {atrasada ? `${P.hojeAtrasada} · ${whenFormat(zone, true).format(new Date(t.quando)).replace(',', ' às')}` : whenFormat(zone, false).format(new Date(t.quando))}
                  </span>
                </li>
              );
            })}
          </ul>
          {total !== undefined && total > data.itens.length ? (
            <p className="panel-note">
              <Link to={paths.agenda}>{P.hojeMais(total - data.itens.length)}</Link>
            </p>
          ) : (
            <p className="panel-note">
              <Link to={paths.agenda}>{P.hojeAgenda}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

const recordLink = (a: Atividade) =>
  a.acao === 'excluido' ? undefined : a.tipo === 'produto' ? paths.atualizarCliente.to(a.id) : paths.atualizarCategoria.to(a.id);

function Recent({ data, error }: { data: Atividade[] | undefined; error: unknown }) {
  return (
    <section className="card panel recent" aria-labelledby="recent-title" aria-busy={!data && !error}>
      <h3 id="recent-title" className="panel-title">
        {P.recentTitle}
      </h3>
      {error && !data ? (
        <p className="panel-note">{P.recentError}</p>
      ) : !data ? null : data.length === 0 ? (
        <p className="panel-note">{P.recentNone(ACTIVITY_FEED_DAYS)}</p>
      ) : (
        <ol className="panel-rows">
          {data.map((a) => {
            const to = recordLink(a);
            return (
              <li key={`${a.em}|${a.tipo}|${a.id}|${a.acao}`}>
                <span className="row-text">
                  <strong>{a.por}</strong> {P.acao[a.acao]} {P.tipo[a.tipo]} {to ? <Link to={to}>{a.nome}</Link> : <em>{a.nome}</em>}
                  {a.alteracoes?.length ? ` ${P.fields(a.alteracoes.map(campoLabel).join(', '))}` : ''}
                </span>
                <time className="row-meta" dateTime={a.em}>
                  {dateTime.format(new Date(a.em))}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The portfolio block: totals, today's tarefas, the chart, renewals and recent changes; a lazy chunk of
 * the home. Its frame stays until all its reads are in, so the block is laid out once, at its content's
 * size; `onReady` tells the home (which decides whether the block may take that size).
 */
export default function Portfolio({ onReady }: { onReady?: () => void }) {
  const { data: resumo, error, mutate } = useResumo();
  const some = resumo !== undefined && resumo.clientes > 0;
  const { reader, ...renewals } = useRenewals(resumo);
  const recent = useAtividades(some);
  const hoje = useHoje(some);
  const ready = resumo ? !some || ((renewals.due !== undefined || !!renewals.error) && (recent.data !== undefined || !!recent.error) && (hoje.data !== undefined || !!hoje.error)) : !!error;
  useLayoutEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);
  let body;
  if (!ready) body = <PortfolioSkeleton />;
  else if (!resumo) body = <PortfolioMessage title={P.error} retry={() => void mutate()} />;
  else if (resumo.clientes === 0) body = <PortfolioMessage title={P.emptyTitle} text={P.emptyText} to={paths.cadastrarCliente} action={CARTEIRA_TEXTS.home.ctaCreate} icon={<PlusIcon size={18} />} />;
  else
    body = (
      <div className="portfolio-body">
        <Kpis resumo={resumo} />
        <div className="portfolio-grid">
          <Hoje {...hoje} />
          <Chart resumo={resumo} />
          <Renewals {...renewals} />
          <Recent data={recent.data} error={recent.error} />
        </div>
      </div>
    );
  // The reader first, in the same place whatever the body: it keeps its reads.
  return (
    <>
      {reader}
      {body}
    </>
  );
}
