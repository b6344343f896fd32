/**
 * The tarefas' CSV columns (export only): Excel pt-BR like the clients' (write.ts), dates and
 * times in the company's time zone, each type by its label.
 */
import { TIPO_TAREFA_LABEL, type Tarefa } from '@contract';
import { formatMoment, timeIn, dayIn, companyTimeZone } from '../zoned.ts';
import { personOf } from '../../texts/historico.ts';
import { TAREFAS_TEXTS } from '../../texts/tarefas.ts';
import type { Column } from './columns.ts';

const H = TAREFAS_TEXTS.csv.headers;
const brDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The columns, in the file's order; `zone` is the company's. */
export function tarefaColumns(zone: string = companyTimeZone()): readonly Column<Tarefa, never>[] {
  return [
    { header: H.cliente, synonyms: [], format: (t) => t.clienteNome ?? '' },
    { header: H.clienteId, synonyms: [], numeric: true, format: (t) => String(t.cliente) },
    { header: H.tipo, synonyms: [], format: (t) => TIPO_TAREFA_LABEL[t.tipo] },
    { header: H.descricao, synonyms: [], format: (t) => t.descricao },
    { header: H.data, synonyms: [], format: (t) => brDay(dayIn(new Date(t.quando), zone)) },
    { header: H.hora, synonyms: [], format: (t) => timeIn(new Date(t.quando), zone) },
    { header: H.duracao, synonyms: [], numeric: true, format: (t) => (t.duracaoMin ? String(t.duracaoMin) : '') },
    { header: H.responsavel, synonyms: [], format: (t) => personOf(t.responsavel) },
    { header: H.situacao, synonyms: [], format: (t) => (t.concluida ? TAREFAS_TEXTS.csv.concluida : TAREFAS_TEXTS.csv.pendente) },
    { header: H.resultado, synonyms: [], format: (t) => t.resultado ?? '' },
    { header: H.concluidaEm, synonyms: [], format: (t) => (t.concluidaEm ? formatMoment(t.concluidaEm, zone) : '') },
    { header: H.concluidaPor, synonyms: [], format: (t) => (t.concluidaPor ? personOf(t.concluidaPor) : '') },
  ];
}
