/**
 * The benchmark's baseline page: the libraries of the app's shell used as the shell uses them
 * (BrowserRouter with React.lazy routes, SWRConfig, one useSWR hook, the Toaster) and nothing
 * else. The app's initial JavaScript is compared with this page's, built in the same run.
 */
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from 'react-hot-toast';

const fetcher = (url: string) =>
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(String(r.status));
    return r.json() as Promise<unknown>;
  });

const Home = lazy(() => import('./pages/Home.tsx'));
const Clientes = lazy(() => import('./pages/Clientes.tsx'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
      <BrowserRouter>
        <nav>
          <Link to="/">Início</Link> <Link to="/clientes">Clientes</Link>
        </nav>
        <main>
          <Suspense fallback={<p>Carregando…</p>}>
            <Routes>
              <Route path="/" element={<Home />} />
              <Route path="/clientes" element={<Clientes />} />
            </Routes>
          </Suspense>
        </main>
        <Toaster position="top-right" />
      </BrowserRouter>
    </SWRConfig>
  </StrictMode>,
);
