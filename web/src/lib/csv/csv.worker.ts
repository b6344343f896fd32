/**
 * The import's own module worker (papaparse's `worker: true` makes a blob: worker, which the CSP
 * forbids): reads the chosen file off the main thread and posts back its rows, with the file's
 * SHA-256 (an import continued later asks for the same file).
 */
import { parseBytes, sha256Hex, type ParseOptions } from './decode.ts';

self.onmessage = async (event: MessageEvent<{ file: File; options: ParseOptions }>) => {
  try {
    const bytes = new Uint8Array(await event.data.file.arrayBuffer());
    const parsed = parseBytes(bytes, event.data.options);
    self.postMessage({ ok: true, parsed: { ...parsed, assinatura: await sha256Hex(bytes) } });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  }
};
