/**
 * Test data through the real API of the preview server (node side), so a browser test starts
 * from records it owns. Names carry a random token: tests never depend on each other.
 */
import { randomBytes } from 'node:crypto';
import type { Categoria, Cliente } from '../../../lambdas/contract/index.ts';
import { API_BASE_PATH } from '../../../lambdas/routes.ts';
import { E2E } from './harness.ts';

/** A short random lowercase token (letters only, so it survives accent folding unchanged). */
export function token(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(6)].map((b) => letters[b % 26]).join('');
}

async function call<T>(method: string, path: string, body?: unknown, base = E2E.baseUrl): Promise<T> {
  const res = await fetch(`${base}${API_BASE_PATH}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates a category (on the main server, or the one at `base`). */
export const createCategoria = (descricao: string, base?: string) => call<Categoria>('POST', '/categorias', { descricao }, base);

/** Creates a client; `categoria` is embedded as the spec's clients send it. */
export const createProduto = (
  p: {
    nome: string;
    segmento?: string;
    pontoFocal?: string;
    valorContrato?: number;
    categoria?: Categoria | null;
    /** The contact and contract fields (email, telefone, documento, observacoes, inicioContrato, fimContrato). */
    contato?: Record<string, string>;
  },
  base?: string,
) =>
  call<Cliente>(
    'POST',
    '/produtos',
    {
      ...p.contato,
      nome: p.nome,
      segmento: p.segmento ?? 'Varejo',
      pontoFocal: p.pontoFocal ?? 'Maria Souza',
      valorContrato: p.valorContrato ?? 5000,
      categoria: p.categoria ? { id: p.categoria.id, descricao: p.categoria.descricao } : null,
    },
    base,
  );

export const listCategorias = () => call<Categoria[]>('GET', '/categorias');
export const listProdutos = () => call<Cliente[]>('GET', '/produtos');
export const getProduto = (id: number) => call<Cliente>('GET', `/produtos/${id}`);
export const getCategoria = (id: number) => call<Categoria>('GET', `/categorias/${id}`);

/** True when a GET of the record answers 404 (it was deleted). */
export async function isGone(kind: 'categorias' | 'produtos', id: number): Promise<boolean> {
  const res = await fetch(`${E2E.baseUrl}${API_BASE_PATH}/${kind}/${id}`);
  await res.arrayBuffer();
  return res.status === 404;
}
