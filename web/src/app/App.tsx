import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** The whole app: the router, the providers (a data cache per session) and the routes. */
export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
