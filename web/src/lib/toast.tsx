import toast from 'react-hot-toast';
import { TOAST_DURATION } from '../config.ts';
import { InfoIcon } from '../components/icons.tsx';

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

/** Success toast (2 s unless told). */
export function notifySuccess(message: string, duration: number = TOAST_DURATION.app): string {
  return toast.success(message, { duration });
}

/** Red error toast (2 s unless told), with the API's reason on a second line when known. */
export function notifyError(message: string, reason?: string, duration: number = TOAST_DURATION.app): string {
  return toast.error(<Lines title={message} reason={reason} />, { duration, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
}

/** Info toast with an info icon (validation messages), 2 s. */
export function notifyInfo(message: string, duration: number = TOAST_DURATION.app): string {
  return toast(message, { duration, icon: <InfoIcon />, className: 'toast toast-info' });
}
