import { useCallback, useMemo, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { EntradaHistorico, Pagina, Tarefa } from '@contract';
import { historicoPath } from '../../api/historico.ts';
import { cursorPageKey } from '../../lib/paging.ts';
import { useNow } from '../../lib/hooks.ts';
import { useTarefasPages } from '../../lib/tarefas.ts';
import { isAtrasada } from '../../lib/agenda.ts';
import { APP_TEXTS } from '../../texts/app.ts';
import { TAREFAS_TEXTS } from '../../texts/tarefas.ts';
import { Entry, HISTORICO_PAGE_SIZE } from '../Historico.tsx';
import { ButtonSpinner, Spinner } from '../Spinner.tsx';
import { LoadError } from '../States.tsx';
import { PlusIcon } from '../icons.tsx';
import { UndoBar } from '../UndoBar.tsx';
import { TarefaForm, type TarefaFormMode } from './TarefaForm.tsx';
import { TarefaItem } from './TarefaItem.tsx';

const T = TAREFAS_TEXTS.cliente;
/** Every page of a client's tarefas is read (one client has few). */
const ALL_DAYS = '9999-12-31';

type Item = { kind: 'tarefa'; at: number; tarefa: Tarefa } | { kind: 'historico'; at: number; entry: EntradaHistorico; key: string };

/**
 * A client's tarefas and its record's history as one timeline: the pending tarefas first (the
 * earliest on top, each with Concluir / Adiar), then, newest first, the done tarefas (at their
 * `quando`) interleaved with the record's changes. The history is read by page: a done tarefa
 * older than the oldest change read waits for 'Mostrar mais', so the order is always true.
 * *Nova tarefa* and *Registrar interação* open their form here; after a tarefa's delete, the
 * Desfazer bar.
 */
export function Timeline({ cliente, recordPath }: { cliente: number; recordPath: string }) {
  const now = useNow();
  const [form, setForm] = useState<TarefaFormMode | null>(null);
  const pendentes = useTarefasPages({ cliente, status: 'pendente' }, ALL_DAYS);
  const concluidas = useTarefasPages({ cliente, status: 'concluida' }, ALL_DAYS);
  const hist = useSWRInfinite<Pagina<EntradaHistorico>>(cursorPageKey(historicoPath(recordPath, HISTORICO_PAGE_SIZE)), { revalidateFirstPage: false });
  const entries = useMemo(() => hist.data?.flatMap((p) => p.itens) ?? [], [hist.data]);
  const histMore = hist.data !== undefined && hist.data.at(-1)?.cursor != null;
  const histLoadingMore = hist.size > 0 && hist.data !== undefined && hist.data[hist.size - 1] === undefined;

  const { refresh: refreshPendentes } = pendentes;
  const { refresh: refreshConcluidas } = concluidas;
  const { mutate: refreshHist } = hist;
  const refresh = useCallback(() => {
    void refreshPendentes();
    void refreshConcluidas();
    void refreshHist();
  }, [refreshPendentes, refreshConcluidas, refreshHist]);

  const past = useMemo(() => {
    const items: Item[] = entries.map((entry, i) => ({ kind: 'historico', at: Date.parse(entry.em), entry, key: `${entry.em}#${i}` }));
    // The history not read to its end: tarefas older than its oldest entry read come later.
    const floor = histMore && entries.length ? Date.parse(entries.at(-1)!.em) : -Infinity;
    for (const t of concluidas.itens) {
      const at = Date.parse(t.quando);
      if (at >= floor) items.push({ kind: 'tarefa', at, tarefa: t });
    }
    return items.sort((a, b) => b.at - a.at);
  }, [entries, histMore, concluidas.itens]);

  const loading = (pendentes.isLoading && !pendentes.itens.length) || (concluidas.isLoading && !concluidas.itens.length) || (hist.isLoading && !hist.data);
  const failed = (pendentes.error && !pendentes.itens.length) || (concluidas.error && !concluidas.itens.length) || (hist.error && !hist.data);

  let body;
  if (loading) body = <Spinner />;
  else if (failed) body = <LoadError message={T.timelineError} onRetry={refresh} />;
  else if (pendentes.itens.length === 0 && past.length === 0) body = <p className="card-meta">{T.timelineNone}</p>;
  else
    body = (
      <>
        {pendentes.itens.length ? (
          <ol className="timeline-pendentes" aria-label={T.pendentes}>
            {pendentes.itens.map((t) => (
              <li key={`${t.id}.${t.versao}`} className="timeline-tarefa">
                <TarefaItem tarefa={t} now={now} showCliente={false} atrasada={isAtrasada(t, now)} onChanged={refresh} />
              </li>
            ))}
          </ol>
        ) : null}
        {pendentes.more ? (
          <button type="button" className="btn btn-secondary btn-sm" disabled={pendentes.loadingMore} onClick={pendentes.loadMore}>
            {APP_TEXTS.common.showMore}
          </button>
        ) : null}
        {past.length ? (
          <ol className="timeline">
            {past.map((item) =>
              item.kind === 'tarefa' ? (
                <li key={`t${item.tarefa.id}`} className="timeline-item timeline-item-tarefa">
                  <TarefaItem tarefa={item.tarefa} now={now} showCliente={false} onChanged={refresh} />
                </li>
              ) : (
                <li key={item.key} className="timeline-item">
                  <Entry e={item.entry} />
                </li>
              ),
            )}
          </ol>
        ) : null}
        {histMore || concluidas.more ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={histLoadingMore || concluidas.loadingMore}
            onClick={() => {
              if (histMore) void hist.setSize(hist.size + 1);
              else concluidas.loadMore();
            }}
          >
            {histLoadingMore || concluidas.loadingMore ? <ButtonSpinner /> : null}
            {APP_TEXTS.common.showMore}
          </button>
        ) : null}
      </>
    );

  return (
    <section className="card historico cliente-timeline" aria-labelledby="historico-title">
      <div className="timeline-header">
        <h2 id="historico-title" className="section-title">
          {T.timeline}
        </h2>
        <div className="page-actions">
          <button type="button" className="btn btn-primary btn-sm" aria-expanded={form === 'nova'} onClick={() => setForm(form === 'nova' ? null : 'nova')}>
            <PlusIcon size={16} />
            {TAREFAS_TEXTS.form.nova}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" aria-expanded={form === 'registrar'} onClick={() => setForm(form === 'registrar' ? null : 'registrar')}>
            {TAREFAS_TEXTS.form.registrar}
          </button>
        </div>
      </div>
      {form ? (
        <TarefaForm
          key={form}
          cliente={cliente}
          mode={form}
          onCancel={() => setForm(null)}
          onDone={() => {
            setForm(null);
            refresh();
          }}
        />
      ) : null}
      <UndoBar onRestored={refresh} />
      {body}
    </section>
  );
}
