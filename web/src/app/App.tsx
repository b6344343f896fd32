import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** The whole app: providers and the router. */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
