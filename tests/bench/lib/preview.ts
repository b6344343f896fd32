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

export interface PreviewOptions {
  /**
   * Sign-in on (the app's default): cognito-local beside the preview, its user pool and the
   * seeded administrator in `<signInDataDir>/cognito/` (DATA_DIR; the table stays the bench's).
   * Absent: the open mode (AUTH=off), as the first wave's figures are measured.
   */
  signInDataDir?: string;
}

/** Builds and serves the app on a free port with the data set's table; resolves once it answers. */
export async function startPreview(db: BenchDb, set: DataSet, options: PreviewOptions = {}): Promise<Preview> {
  const port = await freePort();
  const auth = options.signInDataDir ? { AUTH: 'on', DATA_DIR: options.signInDataDir } : { AUTH: 'off' };
  const proc = startProcess('npm', ['run', 'preview'], {
    cwd: ROOT,
    env: { ...process.env, ...db.env, PORT: String(port), TABLE_NAME: set.table, SEED: 'false', LOG_LEVEL: 'error', ...auth },
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
