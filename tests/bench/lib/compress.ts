/** The compressed sizes the bench reports: gzip -9 and brotli at its best quality, as a CDN would serve static files. */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export function gzipSize(data: Buffer): number {
  return gzipSync(data, { level: 9 }).length;
}

export function brotliSize(data: Buffer): number {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }).length;
}
