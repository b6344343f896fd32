/**
 * The toasts themselves: react-hot-toast, its <Toaster> and the messages' markup. A lazy chunk
 * (lib/toast.tsx loads it on the first toast), so no page carries the library before it shows one.
 */
import toast, { Toaster } from 'react-hot-toast';
import type { ToastRequest } from './toast.tsx';

/** A toast message with an optional reason on a second line. */
function Lines({ title, reason }: { title: string; reason?: string | undefined }) {
  return (
    <span className="toast-lines">
      <span className="toast-title">{title}</span>
      {/* The space keeps the two lines apart for screen readers and in textContent. */}
      {reason ? (
        <>
          {' '}
          <span className="toast-reason">{reason}</span>
        </>
      ) : null}
    </span>
  );
}

/** Shows one request: success, a red error (role alert) or an info toast with its icon. */
export function show({ kind, id, message, reason, duration, icon }: ToastRequest): void {
  if (kind === 'success') toast.success(message, { id, duration });
  else if (kind === 'error') toast.error(<Lines title={message} reason={reason} />, { id, duration, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
  else toast(message, { id, duration, icon, className: 'toast toast-info' });
}

/** Takes every toast off the screen at once (Sair: a toast may name a client). */
export function removeAll(): void {
  toast.remove();
}

/** Error toasts are red; the rest keep react-hot-toast's light card. */
const themes = {
  className: 'toast',
  error: { className: 'toast toast-error', iconTheme: { primary: '#ffffff', secondary: '#b42318' } },
  success: { iconTheme: { primary: '#15803d', secondary: '#ffffff' } },
};

/**
 * The toasts' container, top right. This chunk imports nothing of the app (the caller passes the
 * default duration and the info icon), so loading it splits no shared module out of the shell.
 */
export function container(duration: number) {
  return <Toaster position="top-right" toastOptions={{ ...themes, duration }} containerClassName="toaster" />;
}
