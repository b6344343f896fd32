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
  delimiter: string;
}

/** The text of the file and the encoding it was in. */
export function decode(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  try {
    // Strict: a Windows-1252 "é" (one byte, 0xE9) is not valid UTF-8. The BOM is dropped.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** Parses the text; the delimiter is papaparse's guess among `;`, `,` and tab. */
export function parseText(text: string): { rows: string[][]; delimiter: string } {
  const result = Papa.parse<string[]>(text, { delimitersToGuess: [';', ',', '\t'], skipEmptyLines: false });
  const rows = result.data;
  // A final line break leaves one empty record: not a line of the file.
  if (rows.length > 0 && rows[rows.length - 1]!.every((c) => c === '')) rows.pop();
  return { rows, delimiter: result.meta.delimiter };
}

export function parseBytes(bytes: Uint8Array): ParsedFile {
  const { text, encoding } = decode(bytes);
  return { ...parseText(text), encoding };
}
