import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startSession } from './lib/session.ts';
import './styles.css';

// config.json and a kept session load beside the first render: public pages never wait for them.
void startSession();

createRoot(document.getElementById('root')!, {
  // React recovered by itself (a lazy page that failed to load during a navigation, which the
  // error boundary already shows and logs): a warning, not a second, "uncaught" error report.
  onRecoverableError: (error) => console.warn('React recovered from an error:', error),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
