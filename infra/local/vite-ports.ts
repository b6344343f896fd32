/**
 * Where `npm start` and `npm run preview` listen (vite.config.mts), also read by the preview's
 * pre-build check (preflight.ts): `PORT` overrides the default of each; a taken port is refused.
 */
/** Loopback unless `HOST` says otherwise (the server then warns that sign-in is reachable from elsewhere). */
export const VITE_HOST = process.env.HOST || 'localhost';

const DEFAULT_PORTS = { start: 5173, preview: 4173 } as const;

/** The port of `npm start` or `npm run preview`. */
export function vitePort(command: keyof typeof DEFAULT_PORTS, env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.PORT || 0) || DEFAULT_PORTS[command];
}
