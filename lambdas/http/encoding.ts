/** Response compression: negotiating Accept-Encoding, and compressing with fast settings. */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/**
 * Picks the response encoding from Accept-Encoding: the highest q among br and gzip (`*`
 * counts for both, q=0 refuses), br on a tie; undefined for identity.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*') ?? 0;
  const br = q.get('br') ?? star;
  const gz = q.get('gzip') ?? q.get('x-gzip') ?? star;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

/**
 * Compresses with fast settings; the handler pays the CPU. Brotli 4: about as fast as gzip 6 with
 * a smaller answer, where brotli 5 costs twice the time for little less (figures in
 * tests/bench/README.md). Synchronous on purpose: a Lambda instance serves one request at a time,
 * and the thread-pool round trip of the async API cost more than the compression itself.
 */
export function compress(data: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(data, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipSync(data, { level: 6 });
}
