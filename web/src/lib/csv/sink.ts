/**
 * Where a streamed CSV goes, one page of lines at a time, so a large export never holds its
 * records: a file the person chose (the File System Access API's writable stream, written as it
 * goes), or a download assembled from Blob parts (the browser keeps blob data out of the JS heap,
 * on disk when large), the parts folded into one every BLOB_PARTS_HELD so that the page handles
 * held stay bounded whatever the size.
 */

/** `clientes-2026-11-23.csv`: the local date of the export. */
export function fileName(base: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${base}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

export interface CsvSink {
  /** Appends a page's text (the sink holds no reference to it once written). */
  write(text: string): Promise<void>;
  /** Ends the file: written to disk, or handed to the browser as a download. */
  close(): Promise<void>;
  /** Drops what was written (a canceled export leaves no file). */
  abort(): Promise<void>;
}

/** Blob parts held at most before they are folded into one. */
export const BLOB_PARTS_HELD = 32;

/** A download assembled from Blob parts; `held()` says how many parts it holds now. */
export function blobSink(finish: (file: Blob) => void): CsvSink & { held(): number } {
  let parts: Blob[] = [];
  return {
    held: () => parts.length,
    write: async (text) => {
      parts.push(new Blob([text]));
      // A Blob made of Blobs refers to their data, it does not copy it.
      if (parts.length >= BLOB_PARTS_HELD) parts = [new Blob(parts)];
    },
    close: async () => {
      finish(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
      parts = [];
    },
    abort: async () => {
      parts = [];
    },
  };
}

/** The File System Access API's save picker, where the browser has it (Chromium-based browsers). */
type SavePicker = (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<{
  createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void>; abort(): Promise<void> }>;
}>;

const savePicker = (): SavePicker | undefined => (globalThis as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;

/** Whether the browser can write a file as it goes. */
export const canWriteFile = (): boolean => typeof savePicker() === 'function';

/**
 * Asks where to save `name` (call it in the click's handler: the picker needs the gesture) and
 * returns a sink writing there; null when the person closes the picker.
 */
export async function fileSink(name: string): Promise<CsvSink | null> {
  const pick = savePicker();
  if (!pick) throw new Error('showSaveFilePicker is not available');
  let handle;
  try {
    handle = await pick({ suggestedName: name, types: [{ description: 'CSV', accept: { 'text/csv': ['.csv'] } }] });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return null;
    throw err;
  }
  const stream = await handle.createWritable();
  return { write: (text) => stream.write(text), close: () => stream.close(), abort: () => stream.abort() };
}
