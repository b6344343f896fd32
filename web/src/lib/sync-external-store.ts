/**
 * What swr imports as `use-sync-external-store/shim` (web/aliases.ts points it here): React's own
 * useSyncExternalStore. The package hands over React's whenever React has one (React 18 on), so its
 * fallback for older Reacts only weighed on every page.
 */
export { useSyncExternalStore } from 'react';
