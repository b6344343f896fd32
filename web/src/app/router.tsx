import { lazy, type ReactElement } from 'react';
import { createRoutesFromElements, Navigate, Route, type RouteObject } from 'react-router-dom';
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

/**
 * Every route of the spec, the two old paths as redirects, and a not-found page, under `root`
 * (the providers around an <Outlet />), for react-router's data routers (createBrowserRouter in
 * the browser, the static handler when prerendering, createMemoryRouter in tests): they let a
 * form with unsaved changes hold a navigation (useBlocker). With sign-in on, only the home,
 * about and sign-in pages are public.
 */
export function appRoutes(root: ReactElement): RouteObject[] {
  return createRoutesFromElements(
    <Route element={root}>
      <Route element={<Layout />}>
        <Route path={paths.root} element={<Home />} />
        <Route path={paths.home} element={<Home />} />
        <Route path={paths.sobreNos} element={<SobreNos />} />
        <Route element={<SignInPages />}>
          <Route path={paths.entrar} element={<Entrar />} />
          <Route path={paths.esqueciSenha} element={<EsqueciSenha />} />
        </Route>
        <Route element={<RequireUser />}>
          <Route path={paths.categorias} element={<ListaCategorias />} />
          <Route path={paths.importarCategorias} element={<ImportarCategorias />} />
          <Route path={paths.cadastrarCategoria} element={<CadastrarCategoria />} />
          <Route path={paths.atualizarCategoria.pattern} element={<AtualizarCategoria />} />
          <Route path={paths.deletarCategoria.pattern} element={<DeletarCategoria />} />
          <Route path={paths.clientes} element={<ListaClientes />} />
          <Route path={paths.importarClientes} element={<ImportarClientes />} />
          <Route path={paths.cliente.pattern} element={<ClientePage />} />
          <Route path={paths.cadastrarCliente} element={<CadastrarCliente />} />
          <Route path={paths.atualizarCliente.pattern} element={<AtualizarCliente />} />
          <Route path={paths.deletarCliente.pattern} element={<DeletarCliente />} />
          <Route path={paths.renovacoes} element={<ContratosARenovar />} />
          <Route path={paths.lixeira} element={<Lixeira />} />
          <Route path={paths.agenda} element={<Agenda />} />
          <Route element={<SignInPages />}>
            <Route path={paths.minhaConta} element={<MinhaConta />} />
            <Route element={<RequireAdmin />}>
              <Route path={paths.usuarios} element={<Usuarios />} />
              <Route path={paths.convidarUsuario} element={<ConvidarUsuario />} />
            </Route>
          </Route>
          {redirects.map((r) => (
            <Route key={r.from} path={r.from} element={<Navigate to={r.to} replace />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Route>,
  );
}
