/**
 * How a text field is cleaned and what it may hold: zod-free, so the web checks blankness exactly
 * as the server does (a name of zero-width spaces is blank on both sides).
 */

/** White space and invisible format characters (zero-width space and joiners, word joiner, BOM). */
const EDGES = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/g;

/**
 * A text field as stored: trimmed of white space and invisible characters at both ends, in
 * Unicode NFC (an "é" typed as e + accent is stored, counted and compared like the precomposed one).
 */
export const cleanText = (s: string): string => s.replace(EDGES, '').normalize('NFC');

/**
 * Characters as the API's limits count them: Unicode code points of the NFC text (an emoji is 1,
 * as JSON Schema's `maxLength` and zod's `max` count; an accent typed apart from its letter adds
 * none). The web's fields count what they hold with it.
 */
export const charCount = (s: string): number => [...s.normalize('NFC')].length;

/** A text's length as the API checks it against a limit: the characters of the cleaned text. */
export const textLength = (s: string): number => charCount(cleanText(s));

/** True when the text is empty once cleaned. */
export const isBlank = (s: string): boolean => cleanText(s) === '';

/**
 * What a text field may not hold: a lone UTF-16 surrogate (valid in a JSON escape, not storable
 * as UTF-8), control characters other than white space (NUL, ESC, C1), and U+FFFD, the mark of
 * bytes lost in a wrong decoding upstream.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_TEXT = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text can be stored and shown as it was meant (see INVALID_TEXT). */
export const isWellFormedText = (s: string): boolean => !INVALID_TEXT.test(s);

/**
 * The form under which two names count as the same: compatibility-decomposed (NFKD) without
 * combining marks, lower case, white space runs as one space. "Várejo", "varejo " and "VAREJO"
 * fold alike. A name made only of marks folds to itself in lower case, never to ''.
 */
export function foldName(s: string): string {
  const folded = cleanText(s).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return folded === '' ? cleanText(s).toLowerCase() : folded;
}

/** Lower case without accents: what searches and sorts compare ("João" → "joao"). */
export const foldText = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * A text's sort key for a plain byte-wise comparison that orders as pt-BR people expect: case
 * and accents aside, numbers by value ("Loja 2" before "Loja 10": each number prefixed by its
 * length). The list's name order on the server (its index keys) and in the page.
 */
export const orderKey = (s: string): string =>
  foldText(s).replace(/\d+/g, (d) => {
    const digits = d.replace(/^0+(?=\d)/, '');
    return String.fromCharCode(48 + Math.min(digits.length, 40)) + digits;
  });

/**
 * The words a search matches by prefix, folded: runs of letters and digits. A query made only of
 * digits and a CPF/CNPJ's punctuation is one word without it (`12.345.678/0001` → `123456780001`).
 */
export function searchWords(s: string): string[] {
  const folded = foldText(s).trim();
  if (/\d/.test(folded) && /^[\d\s./-]+$/.test(folded)) return [folded.replace(/[\s./-]/g, '')];
  return folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
}
