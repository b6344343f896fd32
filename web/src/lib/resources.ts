import useSWR from 'swr';
import type { Atividade, Resumo } from '@contract';
import { ATIVIDADES_PATH, RESUMO_PATH } from '../api/carteira.ts';
import { categoriasApi } from '../api/categorias.ts';
import { clientesApi } from '../api/clientes.ts';
import { defineResource } from './resource.ts';

export type { ClienteBody } from '../api/clientes.ts';

/** The clients: the wire calls them `produtos`. */
export const clientes = defineResource(clientesApi);

/** The categories; clients embed their descricao, so a rename makes the client list read again. */
export const categorias = defineResource(categoriasApi, { dependents: [clientes.path] });

// The hooks under their own names (so the hooks lint rules see them as hooks).
export const { useList: useClientes, useRecord: useCliente, useActions: useClienteActions } = clientes;
export const { useList: useCategorias, useCachedList: useCachedCategorias, useRecord: useCategoria, useActions: useCategoriaActions } = categorias;

/** The portfolio's totals, read again whenever a page using it mounts (SWR's default), so a write elsewhere shows. */
export const useResumo = () => useSWR<Resumo>(RESUMO_PATH);

/** The latest changes, newest first (`enabled` false: none read). */
export const useAtividades = (enabled = true) => useSWR<Atividade[]>(enabled ? ATIVIDADES_PATH : null);
