/**
 * A CSV file's bytes to rows, as spreadsheets write them: the encoding (UTF-8 with or without
 * BOM, UTF-16 with BOM, else Windows-1252, Excel pt-BR's "CSV (separado por vírgulas)") and the
 * delimiter (`;`, `,` or tab) detected; parsed by papaparse. Runs in the import's worker.
 */
import Papa from 'papaparse';

export type Encoding = 'utf-8' | 'utf-16le' | 'windows-1252';

export interface ParsedFile {
  /** Every record, empty ones included (their line numbers count). */
  rows: string[][];
  encoding: Encoding;
  /** `;`, `,` or tab; `''` for a file of one column. */
  delimiter: string;
  /** The file's SHA-256 (hex), when the browser can compute it (a secure context). */
  assinatura?: string | undefined;
}

/** Windows-1252's characters for bytes 0x80–0x9F (where it differs from Latin-1; `\ufffd` where undefined). */
const CP1252_HIGH = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';

/**
 * Windows-1252 decoded by hand: some runtimes (Node) decode the `windows-1252` label as
 * Latin-1, which turns "€" or "“" into control characters.
 */
function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...chunk);
  }
  return out.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** The text of the file and the encoding it was in. */
export function decode(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  try {
    // Strict: a Windows-1252 "é" (one byte, 0xE9) is not valid UTF-8. The BOM is dropped.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeCp1252(bytes), encoding: 'windows-1252' };
  }
}

const DELIMITERS = [';', ',', '\t'] as const;
/**
 * How a file with one column is split: by a control character no text cell may hold, so each
 * line is one cell (quotes still read). Excel writes a one-column list without any separator, so
 * a comma there is part of the text ("Bebidas, sucos").
 */
const ONE_COLUMN = '\u001f';

/**
 * The delimiter that splits the first records most consistently into more than one field (a
 * decimal comma in a `;` file, or a `;` inside quotes, does not fool it); papaparse's own guess
 * misreads small files. `''` when none does: the file has one column.
 */
export function guessDelimiter(text: string): string {
  let best: { delimiter: string; score: number } = { delimiter: '', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = Papa.parse<string[]>(text, { delimiter, preview: 50, skipEmptyLines: 'greedy' }).data.map((r) => r.length);
    const freq = new Map<number, number>();
    for (const c of counts) freq.set(c, (freq.get(c) ?? 0) + 1);
    const [mode, times] = [...freq].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [0, 0];
    const score = mode > 1 ? (times / counts.length) * 1000 + mode : 0;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** How a file is read. `commaIsText`: a list of names (the categories), where only `;` or tab may split columns. */
export interface ParseOptions {
  commaIsText?: boolean;
}

/** Parses the text with its delimiter (`''`: one column); every record kept (empty ones too: line numbers count them). */
export function parseText(text: string, options: ParseOptions = {}): { rows: string[][]; delimiter: string } {
  const guessed = guessDelimiter(text);
  const delimiter = options.commaIsText && guessed === ',' ? '' : guessed;
  const rows = Papa.parse<string[]>(text, { delimiter: delimiter || ONE_COLUMN, skipEmptyLines: false }).data;
  // A final line break leaves one empty record: not a line of the file.
  if (rows.length > 0 && rows[rows.length - 1]!.every((c) => c === '')) rows.pop();
  return { rows, delimiter };
}

export function parseBytes(bytes: Uint8Array, options: ParseOptions = {}): ParsedFile {
  const { text, encoding } = decode(bytes);
  return { ...parseText(text, options), encoding };
}

/** The SHA-256 of the bytes as 64 lower-case hex digits; undefined where WebCrypto is missing (not a secure context). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
