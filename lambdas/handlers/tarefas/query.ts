/** The query string of the tarefas' reads (GET /tarefas, GET /tarefas/resumo), checked: 400 naming the parameter. */
import { isIsoDate, LIMITS, MESSAGES, STATUS_TAREFA, TIPOS_TAREFA, type StatusTarefa, type TipoTarefa } from '../../contract/index.ts';
import { BadRequestError } from '../../errors.ts';
import type { HttpEvent } from '../../http/index.ts';
import type { TarefasQuery } from '../../services/tarefas.ts';

const param = (event: HttpEvent, name: string): string | undefined => {
  const v = event.queryStringParameters?.[name];
  return v === undefined || v === '' ? undefined : v;
};
const bad = (name: string, aceitos: string) => new BadRequestError(MESSAGES.parametroInvalido(name, aceitos));

/** `responsavel`: `me`, an e-mail, or (the open mode) a name; at most an e-mail's length. */
export function responsavelParam(event: HttpEvent): string | undefined {
  const v = param(event, 'responsavel')?.trim();
  if (v !== undefined && (v === '' || v.length > LIMITS.tarefa.responsavel.max)) throw bad('responsavel', "'me' ou o e-mail de um usuário");
  return v || undefined;
}

/** GET /tarefas's filters and page. */
export function tarefasQueryOf(event: HttpEvent): TarefasQuery {
  const { default: byDefault, max } = LIMITS.tarefa.page;
  const rawLimit = param(event, 'limit');
  if (rawLimit !== undefined && (!/^[1-9][0-9]{0,2}$/.test(rawLimit) || Number(rawLimit) > max)) throw new BadRequestError(MESSAGES.limiteInvalido(max));
  const cliente = param(event, 'cliente');
  if (cliente !== undefined && !/^[1-9][0-9]{0,15}$/.test(cliente)) throw bad('cliente', 'o id de um cliente');
  const status = param(event, 'status');
  if (status !== undefined && !(STATUS_TAREFA as readonly string[]).includes(status)) throw bad('status', STATUS_TAREFA.join(' ou '));
  const tipo = param(event, 'tipo');
  if (tipo !== undefined && !(TIPOS_TAREFA as readonly string[]).includes(tipo)) throw bad('tipo', TIPOS_TAREFA.join(', '));
  const dates: Partial<Record<'desde' | 'ate', string>> = {};
  for (const name of ['desde', 'ate'] as const) {
    const v = param(event, name);
    if (v !== undefined && !isIsoDate(v)) throw bad(name, 'uma data AAAA-MM-DD');
    if (v !== undefined) dates[name] = v;
  }
  const responsavel = responsavelParam(event);
  const cursor = param(event, 'cursor');
  const semResponsavelAtivo = param(event, 'semResponsavelAtivo');
  if (semResponsavelAtivo !== undefined && semResponsavelAtivo !== '1') throw bad('semResponsavelAtivo', "'1'");
  return {
    ...(semResponsavelAtivo === undefined ? {} : { semResponsavelAtivo: true }),
    limit: rawLimit === undefined ? byDefault : Number(rawLimit),
    ...(cursor === undefined ? {} : { cursor }),
    ...(cliente === undefined ? {} : { cliente: Number(cliente) }),
    ...(responsavel === undefined ? {} : { responsavel }),
    ...(status === undefined ? {} : { status: status as StatusTarefa }),
    ...(tipo === undefined ? {} : { tipo: tipo as TipoTarefa }),
    ...dates,
  };
}
