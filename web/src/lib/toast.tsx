/**
 * Toasts for every page. The library and its container load with the first toast (a lazy chunk:
 * lib/toaster.tsx), not with the shell: less JavaScript before any page shows.
 * Each toast gets its id at once, so the calls stay synchronous for their callers.
 */
import { useSyncExternalStore, type ReactElement } from 'react';
import { TOAST_DURATION } from '../config.ts';
import { InfoIcon } from '../components/icons.tsx';

export interface ToastRequest {
  kind: 'success' | 'error' | 'info';
  id: string;
  message: string;
  reason?: string | undefined;
  duration: number;
  icon?: ReactElement;
}

type Toaster = typeof import('./toaster.tsx');
let loading: Promise<Toaster> | undefined;
let loaded: Toaster | undefined;
// A failed load (offline, or an old tab whose chunk a deploy replaced) is forgotten, so the next
// toast tries again instead of every later toast failing with it.
const load = () =>
  (loading ??= import('./toaster.tsx').then(
    (m) => {
      loaded = m;
      return m;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

// The container, once its chunk is in: the layout renders it from then on. A plain state change,
// not React.lazy: a Suspense reveal waits on a timer (React's 300 ms throttle), which a paused
// clock (the browser tests' page.clock) never fires.
let container: ((duration: number) => ReactElement) | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let counter = 0;
function request(kind: ToastRequest['kind'], message: string, duration: number, reason?: string, icon?: ReactElement): string {
  const id = `toast-${++counter}`;
  load().then(
    (m) => {
      m.show({ kind, id, message, reason, duration, icon });
      if (!container) {
        container = m.container;
        listeners.forEach((l) => l());
      }
    },
    () => {
      // The chunk can't load: nothing to show this toast with. The form's own field messages stay.
    },
  );
  return id;
}

/** Success toast (2 s unless told). */
export function notifySuccess(message: string, duration: number = TOAST_DURATION.app): string {
  return request('success', message, duration);
}

/** Red error toast (2 s unless told), with the API's reason on a second line when known. */
export function notifyError(message: string, reason?: string, duration: number = TOAST_DURATION.app): string {
  return request('error', message, duration, reason);
}

/** Info toast with an info icon (validation messages), 2 s. */
export function notifyInfo(message: string, duration: number = TOAST_DURATION.app): string {
  return request('info', message, duration, undefined, <InfoIcon />);
}

/** Takes every toast off the screen: at once once the chunk is in (nothing to do before the first toast). */
export function removeAllToasts(): void {
  if (loaded) loaded.removeAll();
  else if (loading) loading.then((m) => m.removeAll(), () => {});
}

/** The toasts' container, mounted with the first toast (the layout renders this). */
export function LazyToaster() {
  const render = useSyncExternalStore(subscribe, () => container, () => null);
  return render ? render(TOAST_DURATION.default) : null;
}
