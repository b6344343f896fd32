import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** The app inside a router: the providers (a data cache per session) and the routes (also prerendered). */
export function AppShell() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}

/** The whole app in the browser: the router and the shell. */
export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
