/**
 * The import's own module worker (papaparse's `worker: true` makes a blob: worker, which the CSP
 * forbids): reads the chosen file off the main thread and posts back its rows.
 */
import { parseBytes } from './decode.ts';

self.onmessage = async (event: MessageEvent<File>) => {
  try {
    const parsed = parseBytes(new Uint8Array(await event.data.arrayBuffer()));
    self.postMessage({ ok: true, parsed });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  }
};
