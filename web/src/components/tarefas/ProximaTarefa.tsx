import type { ProximaTarefa } from '@contract';
import { isAtrasada, proximaTexto } from '../../lib/agenda.ts';
import { formatQuando } from '../../lib/zoned.ts';
import { PROXIMA_TEXTS } from '../../texts/proxima.ts';

/**
 * A client's next tarefa in one line: "Ligação amanhã às 10:00" (the exact date and time as its
 * title), marked when overdue; "Sem próxima tarefa" when it has none. `now`: the page's clock
 * (a list of cards renders with the time of its render, without a timer per card).
 */
export function ProximaTarefaLine({ proxima, now = new Date(), className = 'proxima-tarefa' }: { proxima: ProximaTarefa | undefined; now?: Date; className?: string }) {
  if (!proxima) return <p className={`${className} is-none`}>{PROXIMA_TEXTS.nenhuma}</p>;
  const atrasada = isAtrasada(proxima, now);
  return (
    <p className={atrasada ? `${className} is-atrasada` : className}>
      <time dateTime={proxima.quando} title={formatQuando(proxima.quando)}>
        {proximaTexto(proxima, now)}
      </time>
      {atrasada ? <span className="tarefa-flag">{PROXIMA_TEXTS.atrasada}</span> : null}
      <span className="proxima-descricao">{proxima.descricao}</span>
    </p>
  );
}
