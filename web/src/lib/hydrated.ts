import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in the HTML prerendered at build time and while React hydrates it, true afterwards (and
 * on every page rendered in the browser): what a build can't know (the year) renders when true.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
