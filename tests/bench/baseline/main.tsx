/**
 * The benchmark's baseline page: the libraries of the app's shell used as the shell uses them
 * (a data router, createBrowserRouter, with React.lazy routes, SWRConfig, one useSWR hook, the
 * Toaster) and nothing else: the app moved to the data router for its unsaved-changes prompt
 * (useBlocker), so the baseline did too. The app's initial JavaScript is compared with this page's, built in the same run.
 */
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from 'react-hot-toast';

const fetcher = (url: string) =>
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(String(r.status));
    return r.json() as Promise<unknown>;
  });

const Home = lazy(() => import('./pages/Home.tsx'));
const Clientes = lazy(() => import('./pages/Clientes.tsx'));

function Shell() {
  return (
    <>
      <nav>
        <Link to="/">Início</Link> <Link to="/clientes">Clientes</Link>
      </nav>
      <main>
        <Suspense fallback={<p>Carregando…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster position="top-right" />
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/clientes', element: <Clientes /> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>
  </StrictMode>,
);
