import { DIRECOES, isIsoDate, LIMITS, MESSAGES, ORDENS_LISTA, type OrdemLista } from '../../contract/index.ts';
import { BadRequestError } from '../../errors.ts';
import { httpHandler, json, pageOf, type HttpEvent } from '../../http/index.ts';
import { pageClientes, type ListaQuery } from '../../services/listagem.ts';

const param = (event: HttpEvent, name: string): string | undefined => {
  const v = event.queryStringParameters?.[name];
  return v === undefined || v === '' ? undefined : v;
};
const bad = (name: string, aceitos: string) => new BadRequestError(MESSAGES.parametroInvalido(name, aceitos));

/** The view a request asks for (400 naming the parameter that is not one this route takes). */
export function listaQueryOf(event: HttpEvent): ListaQuery {
  const page = pageOf(event);
  const ordem = param(event, 'ordem') ?? 'nome';
  if (!(ORDENS_LISTA as readonly string[]).includes(ordem)) throw bad('ordem', ORDENS_LISTA.join(', '));
  const direcao = param(event, 'direcao') ?? 'asc';
  if (!(DIRECOES as readonly string[]).includes(direcao)) throw bad('direcao', DIRECOES.join(' ou '));
  const categoria = param(event, 'categoria');
  if (categoria !== undefined && !/^(0|[1-9]\d{0,15})$/.test(categoria)) throw bad('categoria', 'o id de uma categoria, ou 0 para os clientes sem categoria');
  const vip = param(event, 'vip');
  if (vip !== undefined && vip !== '1' && vip !== '0') throw bad('vip', '1 ou 0');
  const semProxima = param(event, 'semProximaTarefa');
  if (semProxima !== undefined && semProxima !== '1' && semProxima !== '0') throw bad('semProximaTarefa', '1 ou 0');
  const q = (param(event, 'q') ?? '').trim();
  if (q.length > LIMITS.lista.buscaMax) throw bad('q', `um texto de até ${LIMITS.lista.buscaMax} caracteres`);
  const dates: Partial<Record<'fimDe' | 'fimAte', string>> = {};
  for (const name of ['fimDe', 'fimAte'] as const) {
    const v = param(event, name);
    if (v !== undefined && !isIsoDate(v)) throw bad(name, 'uma data AAAA-MM-DD');
    if (v !== undefined) dates[name] = v;
  }
  return {
    ...page,
    ordem: ordem as OrdemLista,
    desc: direcao === 'desc',
    ...(categoria === undefined ? {} : { categoria: Number(categoria) }),
    vip: vip === '1',
    semProxima: semProxima === '1',
    q,
    ...dates,
  };
}

/**
 * GET /produtos/pagina: a page of a view of the client list (`?limit=&cursor=&ordem=&direcao=
 * &categoria=&vip=&semProximaTarefa=&q=&fimDe=&fimAte=`), its next cursor and its totals.
 */
export const handler = httpHandler(async (event, actor) => json(200, await pageClientes(actor, listaQueryOf(event))));
