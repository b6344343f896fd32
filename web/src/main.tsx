import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startSession } from './lib/session.ts';
import './styles.css';

// config.json and a kept session load beside the first render: public pages never wait for them.
void startSession();

const options = {
  // React recovered by itself (a lazy page that failed to load during a navigation, which the
  // error boundary already shows and logs): a warning, not a second, "uncaught" error report.
  onRecoverableError: (error: unknown) => console.warn('React recovered from an error:', error),
};
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const root = document.getElementById('root')!;
// `/` and `/sobre-nos` come prerendered (web/prerender.ts): hydrate their HTML; every other
// route gets the empty shell and renders.
if (root.firstElementChild) hydrateRoot(root, app, options);
else createRoot(root, options).render(app);
