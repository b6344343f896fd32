import { useEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import { formatDocumento, formatTelefone } from '@contract';
import type { Auditoria, EntradaHistorico, Pagina } from '@contract';
import { ButtonSpinner, Spinner } from './Spinner.tsx';
import { LoadError } from './States.tsx';
import { formatMoney } from '../lib/format.ts';
import { formatDate, formatDateTime } from '../lib/format-date.ts';
import { historicoPath } from '../api/historico.ts';
import { cursorPageKey } from '../lib/paging.ts';
import { APP_TEXTS } from '../texts/app.ts';
import { personOf as who, HISTORICO_TEXTS } from '../texts/historico.ts';
import { campoLabel } from '../texts/campos.ts';

const H = HISTORICO_TEXTS.historico;
/** Entries per page of the timeline. */
export const HISTORICO_PAGE_SIZE = 10;
const PAGE_SIZE = HISTORICO_PAGE_SIZE;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value as the rest of the app shows it: money, a category's name, a date, a quoted text; empty says so. */
function shownValue(campo: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return campo === 'categoria' ? APP_TEXTS.common.noCategoria : H.empty;
  if (campo === 'valorContrato' && typeof value === 'number') return formatMoney(value);
  if (campo === 'telefone' && typeof value === 'string') return formatTelefone(value);
  if (campo === 'documento' && typeof value === 'string') return formatDocumento(value);
  if (typeof value === 'object' && 'descricao' in value) return `“${String((value as { descricao: unknown }).descricao)}”`;
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value) : `“${value}”`;
  return String(value);
}

/**
 * One entry as structured lines: who and what ("Maria alterou"), when, then one line per field
 * changed ("Valor do contrato: R$ 1.500,00 → R$ 15.000,00").
 */
export function Entry({ e }: { e: EntradaHistorico }) {
  const changes = e.acao === 'alterado' ? (e.alteracoes ?? []) : [];
  const restoredWithout = e.acao === 'restaurado' && (e.alteracoes ?? []).some((a) => a.campo === 'categoria' && a.depois === null);
  return (
    <>
      <p className="timeline-head">
        <span className="timeline-who">{who(e.por)}</span> {H.acao[e.acao]}
        {restoredWithout ? ` ${H.restoredWithout}` : ''} <span className="timeline-when">— {formatDateTime(e.em)}</span>
      </p>
      {changes.length ? (
        <ul className="timeline-changes">
          {changes.map((a) => (
            <li key={a.campo}>
              <span className="timeline-field">{campoLabel(a.campo)}:</span> {shownValue(a.campo, a.antes)} <span aria-label={H.to}>→</span> {shownValue(a.campo, a.depois)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** "Atualizado por … em …" (or who created it, when it never changed); nothing for records stored before these fields. */
export function AuditLine({ record }: { record: Auditoria }) {
  // A create stamps both: a record whose last change is its creation says who created it.
  const changed = record.atualizadoEm && record.atualizadoPor && record.atualizadoEm !== record.criadoEm;
  const text =
    changed && record.atualizadoPor && record.atualizadoEm
      ? H.updatedBy(who(record.atualizadoPor), formatDateTime(record.atualizadoEm))
      : record.criadoEm && record.criadoPor
        ? H.createdBy(who(record.criadoPor), formatDateTime(record.criadoEm))
        : undefined;
  return text ? <p className="audit-line">{text}</p> : null;
}

/**
 * The timeline of a record's changes, newest first, paged ('Mostrar mais'). `path` is the
 * record's API path (`/produtos/7`); its history is at `${path}/historico`.
 */
export function Historico({ path, refresh = 0 }: { path: string; refresh?: number }) {
  const key = cursorPageKey(historicoPath(path, PAGE_SIZE));
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Pagina<EntradaHistorico>>(key, { revalidateFirstPage: false });
  // `refresh` changes when the record is known to have changed elsewhere (an edit's conflict): read again.
  const seen = useRef(refresh);
  useEffect(() => {
    if (refresh === seen.current) return;
    seen.current = refresh;
    void mutate();
  }, [refresh, mutate]);
  const entries = data?.flatMap((p) => p.itens) ?? [];
  const more = data !== undefined && data.at(-1)?.cursor != null;
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;

  let body;
  if (isLoading && !data) body = <Spinner />;
  else if (error && !data) body = <LoadError message={H.loadError} onRetry={() => void mutate()} />;
  else if (entries.length === 0) body = <p className="card-meta">{H.none}</p>;
  else
    body = (
      <>
        <ol className="timeline">
          {entries.map((e, i) => (
            <li key={`${e.em}#${i}`} className="timeline-item">
              <Entry e={e} />
            </li>
          ))}
        </ol>
        {more ? (
          <button type="button" className="btn btn-secondary btn-sm" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
            {loadingMore ? <ButtonSpinner /> : null}
            {APP_TEXTS.common.showMore}
          </button>
        ) : null}
      </>
    );
  return (
    <section className="card historico" aria-labelledby="historico-title">
      <h2 id="historico-title" className="section-title">
        {H.heading}
      </h2>
      {body}
    </section>
  );
}
