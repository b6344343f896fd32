import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
// The toasts' chunk (lib/toast.tsx loads it on the first toast): loaded once here, so a test's first
// toast shows as soon as the next one would.
import '../../web/src/lib/toaster.tsx';
import { afterEach, vi } from 'vitest';
import { forgetListViews } from '../../web/src/lib/list-return.ts';

// react-hot-toast's <Toaster> asks for prefers-reduced-motion.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not scroll (a new page starts at its top: PageHeading).
window.scrollTo = () => {};

// The machine's 2 cores are shared with DynamoDB Local and Chromium: give slow typing room.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => toast.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetListViews();
});
