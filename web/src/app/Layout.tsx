import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { Spinner } from '../components/Spinner.tsx';
import { TOAST_DURATION } from '../config.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { T } from '../texts.ts';

/** Error toasts are red; the rest keep react-hot-toast's light card. */
const toastOptions = {
  duration: TOAST_DURATION.default,
  className: 'toast',
  error: { className: 'toast toast-error', iconTheme: { primary: '#ffffff', secondary: '#b42318' } },
  success: { iconTheme: { primary: '#15803d', secondary: '#ffffff' } },
};

/** Every page: fixed navbar, the page (lazy, under an error boundary), footer, toasts top right. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#conteudo">
        {T.nav.skip}
      </a>
      <Navbar />
      <main id="conteudo" className="main">
        {/* Keyed by path: a failure on one page does not stick to the next. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <Toaster position="top-right" toastOptions={toastOptions} containerClassName="toaster" />
    </>
  );
}
