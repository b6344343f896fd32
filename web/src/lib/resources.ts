import useSWR from 'swr';
import type { Atividade, Categoria, CategoriaInput, CategoriaRef, Cliente, ClienteContatoInput, Resumo } from '@contract';
import { defineResource } from './resource.ts';

/** What the web sends for a client: the spec's shape, its category embedded (or null), and the contact fields (null: none). */
export interface ClienteBody extends ClienteContatoInput {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: CategoriaRef | null;
}

/** The clients: the wire calls them `produtos`. */
export const clientes = defineResource<Cliente, ClienteBody>('/produtos');

/** The categories; clients embed their descricao, so a rename makes the client list read again. */
export const categorias = defineResource<Categoria, CategoriaInput>('/categorias', { dependents: [clientes.path] });

// The hooks under their own names (so the hooks lint rules see them as hooks).
export const { useList: useClientes, useRecord: useCliente, useActions: useClienteActions } = clientes;
export const { useList: useCategorias, useCachedList: useCachedCategorias, useRecord: useCategoria, useActions: useCategoriaActions } = categorias;

/**
 * The portfolio's totals (GET /resumo: one read on the server, whatever the number of clients).
 * Read again whenever a page using it mounts (SWR's default), so a write elsewhere shows.
 */
export const RESUMO_PATH = '/resumo';
export const useResumo = () => useSWR<Resumo>(RESUMO_PATH);

/** The latest changes (GET /atividades), newest first. */
export const ATIVIDADES_PATH = '/atividades';
export const useAtividades = () => useSWR<Atividade[]>(ATIVIDADES_PATH);
