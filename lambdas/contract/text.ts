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
 * Bidirectional controls (embeddings, overrides, isolates, the marks LRM, RLM and ALM): refused in
 * a name, since they reorder how it is shown (`U+202E` makes "odacatA" read as "Atacado").
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** True when the text holds a bidirectional control character. */
export const hasBidiControl = (s: string): boolean => BIDI_CONTROLS.test(s);

/** Characters that show nothing: default-ignorable code points (U+200B, U+00AD, U+2060, U+3164…) and format characters. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * What a category name must match, as the OpenAPI document states it (JSON Schema `pattern`, a
 * Unicode regular expression): no bidirectional control, and a letter or digit that is not an
 * invisible one (the Hangul fillers are letters that show nothing). The server checks the same
 * with hasBidiControl and hasLetterOrDigit.
 */
export const CATEGORY_NAME_PATTERN =
  '^[^\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]*(?:[^\\P{L}\\u115f\\u1160\\u3164\\uffa0]|\\p{N})[^\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]*$';

/** True when the text, its invisible characters aside, has at least one letter or digit. */
export const hasLetterOrDigit = (s: string): boolean => /[\p{L}\p{N}]/u.test(s.replace(INVISIBLE, ''));

/**
 * Cyrillic and Greek letters drawn like a Latin one (after NFKD and before lower-casing, so each
 * case maps to its own twin: Greek "Η" is an H, "η" an n). Only cross-script twins: Latin
 * look-alikes such as rn/m, l/1 and 0/O stay distinct.
 */
const CROSS_SCRIPT_TWINS: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ү: 'Y', Ѕ: 'S', І: 'I', Ј: 'J', Ԛ: 'Q', Ԝ: 'W',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ү: 'y',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C',
  α: 'a', ο: 'o', ν: 'v', ρ: 'p', ι: 'i', κ: 'k', υ: 'u', γ: 'y', ϲ: 'c', ϳ: 'j',
};
const TWIN = new RegExp(`[${Object.keys(CROSS_SCRIPT_TWINS).join('')}]`, 'gu');

/**
 * The form under which two names count as the same: invisible characters dropped,
 * compatibility-decomposed (NFKD) without combining marks, Cyrillic and Greek look-alikes as
 * their Latin twin, lower case, white space runs as one space. "Várejo", "varejo ", "VAREJO",
 * "Va\u200brejo" and "Vаrejo" (a Cyrillic а) fold alike. A name made only of marks folds to itself
 * in lower case, never to ''.
 */
export function foldName(s: string): string {
  const folded = cleanText(s)
    .replace(INVISIBLE, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(TWIN, (c) => CROSS_SCRIPT_TWINS[c]!)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  return folded === '' ? cleanText(s).toLowerCase() : folded;
}

/**
 * The first release's fold (case, accents, spaces only): names claimed under it and folding
 * otherwise now have their claim taken over by foldName's (store/names.ts).
 */
export function firstFoldName(s: string): string {
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
