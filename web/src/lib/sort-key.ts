/** Case-, accent- and number-aware keys for the lists' filters and sorts (apart from format.ts: the home needs none). */

/** Lower case without accents, for case- and accent-insensitive filters ("João" → "joao"). */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** A folded text's sort key: each number prefixed by its length, so "2" sorts before "10". */
export const numericKey = (folded: string): string =>
  folded.replace(/\d+/g, (d) => {
    const digits = d.replace(/^0+(?=\d)/, '');
    return String.fromCharCode(48 + Math.min(digits.length, 40)) + digits;
  });

/**
 * A text's sort key for a plain `<` comparison that orders as pt-BR people expect: case and
 * accents aside ("Álvaro" beside "Alvaro"), numbers by value ("Loja 2" before "Loja 10").
 */
export const sortKey = (text: string): string => numericKey(fold(text));
