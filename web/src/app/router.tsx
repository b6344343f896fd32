import { lazy, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths, redirects } from '../paths.ts';
import { RequireAdmin, RequireUser, SignInPages } from './guards.tsx';
import { Layout } from './Layout.tsx';

// One lazy chunk per page: the entry holds only the shell.
const Home = lazy(() => import('../pages/Home.tsx'));
const SobreNos = lazy(() => import('../pages/sobre-nos/SobreNos.tsx'));
const NotFound = lazy(() => import('../components/NotFound.tsx'));
const ListaCategorias = lazy(() => import('../features/categorias/pages/ListaCategorias.tsx'));
const CadastrarCategoria = lazy(() => import('../features/categorias/pages/CadastrarCategoria.tsx'));
const AtualizarCategoria = lazy(() => import('../features/categorias/pages/AtualizarCategoria.tsx'));
const DeletarCategoria = lazy(() => import('../features/categorias/pages/DeletarCategoria.tsx'));
const ListaClientes = lazy(() => import('../features/clientes/pages/ListaClientes.tsx'));
const CadastrarCliente = lazy(() => import('../features/clientes/pages/CadastrarCliente.tsx'));
const AtualizarCliente = lazy(() => import('../features/clientes/pages/AtualizarCliente.tsx'));
const DeletarCliente = lazy(() => import('../features/clientes/pages/DeletarCliente.tsx'));
const ClientePage = lazy(() => import('../features/clientes/pages/Cliente.tsx'));
const ContratosARenovar = lazy(() => import('../features/clientes/pages/ContratosARenovar.tsx'));
const Agenda = lazy(() => import('../features/agenda/pages/Agenda.tsx'));
const Lixeira = lazy(() => import('../features/lixeira/pages/Lixeira.tsx'));
const ImportarClientes = lazy(() => import('../features/importacao/pages/ImportarClientes.tsx'));
const ImportarCategorias = lazy(() => import('../features/importacao/pages/ImportarCategorias.tsx'));
const Entrar = lazy(() => import('../features/auth/pages/Entrar.tsx'));
const EsqueciSenha = lazy(() => import('../features/auth/pages/EsqueciSenha.tsx'));
const MinhaConta = lazy(() => import('../features/auth/pages/MinhaConta.tsx'));
const Usuarios = lazy(() => import('../features/usuarios/pages/Usuarios.tsx'));
const ConvidarUsuario = lazy(() => import('../features/usuarios/pages/ConvidarUsuario.tsx'));

/** A route of one page: `Component` rather than an element, so the table holds no element per route. */
const page = (path: string, Component: RouteObject['Component']): RouteObject => ({ path, Component });

/**
 * Every route of the spec, the two old paths as redirects, and a not-found page, under `root`
 * (the providers around an <Outlet />), for react-router's data routers (createBrowserRouter in
 * the browser, the static handler when prerendering, createMemoryRouter in tests): they let a
 * form with unsaved changes hold a navigation (useBlocker). With sign-in on, only the home,
 * about and sign-in pages are public. Route objects, not <Route> elements: the same table,
 * without createRoutesFromElements and an element per route in the initial JavaScript.
 */
export function appRoutes(root: ReactElement): RouteObject[] {
  return [
    {
      element: root,
      children: [
        {
          Component: Layout,
          children: [
            page(paths.root, Home),
            page(paths.home, Home),
            page(paths.sobreNos, SobreNos),
            { Component: SignInPages, children: [page(paths.entrar, Entrar), page(paths.esqueciSenha, EsqueciSenha)] },
            {
              Component: RequireUser,
              children: [
                page(paths.categorias, ListaCategorias),
                page(paths.importarCategorias, ImportarCategorias),
                page(paths.cadastrarCategoria, CadastrarCategoria),
                page(paths.atualizarCategoria.pattern, AtualizarCategoria),
                page(paths.deletarCategoria.pattern, DeletarCategoria),
                page(paths.clientes, ListaClientes),
                page(paths.importarClientes, ImportarClientes),
                page(paths.cliente.pattern, ClientePage),
                page(paths.cadastrarCliente, CadastrarCliente),
                page(paths.atualizarCliente.pattern, AtualizarCliente),
                page(paths.deletarCliente.pattern, DeletarCliente),
                page(paths.renovacoes, ContratosARenovar),
                page(paths.lixeira, Lixeira),
                page(paths.agenda, Agenda),
                {
                  Component: SignInPages,
                  children: [page(paths.minhaConta, MinhaConta), { Component: RequireAdmin, children: [page(paths.usuarios, Usuarios), page(paths.convidarUsuario, ConvidarUsuario)] }],
                },
                ...redirects.map((r): RouteObject => ({ path: r.from, element: <Navigate to={r.to} replace /> })),
                page('*', NotFound),
              ],
            },
          ],
        },
      ],
    },
  ];
}
