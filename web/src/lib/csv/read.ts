/** Reads a CSV file in the import's worker (a chunk of its own, loaded only by the import pages). */
import type { ParsedFile, ParseOptions } from './decode.ts';

export type { ParsedFile } from './decode.ts';

export function readCsvFile(file: File, options: ParseOptions = {}): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ ok: true; parsed: ParsedFile } | { ok: false; error: string }>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.parsed);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'worker error'));
    };
    worker.postMessage({ file, options });
  });
}
