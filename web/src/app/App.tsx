import { useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { appRoutes } from './router.tsx';

/** The app's routes under its providers (a data cache per session): the browser's, and the prerender's. */
export const shellRoutes = () =>
  appRoutes(
    <AppProviders>
      <Outlet />
    </AppProviders>,
  );

/** The whole app in the browser: a data router (made once, on the first render) over the routes. */
export function App() {
  const [router] = useState(() => createBrowserRouter(shellRoutes()));
  return <RouterProvider router={router} />;
}
