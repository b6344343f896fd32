/**
 * `npm run preview` (production build + the built site and the API on one port, as CloudFront
 * serves them) pointed at one of the bench's seeded tables.
 */
import { fileURLToPath } from 'node:url';
import type { BenchDb, DataSet } from './db.ts';
import { freePort, startProcess, waitForHttp } from './proc.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Preview {
  origin: string;
  stop: () => Promise<void>;
}

/** Builds and serves the app on a free port with the data set's table; resolves once it answers. */
export async function startPreview(db: BenchDb, set: DataSet): Promise<Preview> {
  const port = await freePort();
  const proc = startProcess('npm', ['run', 'preview'], {
    cwd: ROOT,
    // The first wave's figures, in the open mode (AUTH=off): no sign-in page in front of them.
    env: { ...process.env, ...db.env, PORT: String(port), TABLE_NAME: set.table, SEED: 'false', LOG_LEVEL: 'error', AUTH: 'off' },
  });
  const origin = `http://localhost:${port}`;
  try {
    await waitForHttp(`${origin}/api/categorias`, proc, 180_000);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { origin, stop: () => proc.stop() };
}
