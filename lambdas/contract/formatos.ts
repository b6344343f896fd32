/**
 * How the stored contact fields read on screen, and the links made from them: zod-free and
 * small, for the client cards (the readers of what people type live in their own modules, which
 * only the forms load).
 */

/** `+5511987654321` → `(11) 98765-4321`; `+551134567890` → `(11) 3456-7890`; anything else as is. */
export function formatTelefone(e164: string): string {
  const m = /^\+55(\d\d)(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/** A mobile number (9 digits after the DDD, the first a 9): reachable on WhatsApp. */
export const isCelular = (e164: string): boolean => /^\+55\d\d9\d{8}$/.test(e164);

/**
 * A link that writes to the address (RFC 6068): every character but the `@` percent-encoded, so
 * an address the API accepts such as `vendas?bcc=x%40evil.test&subject=Oi@empresa.com.br` can't
 * add a hidden Bcc or subject to the message; it stays one recipient, as shown.
 */
export const mailtoUrl = (email: string): string => `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`;

/** A link that calls the number. */
export const telUrl = (e164: string): string => `tel:${e164}`;

/** A link that opens a WhatsApp chat with the number (wa.me takes it without the +). */
export const whatsappUrl = (e164: string): string => `https://wa.me/${e164.replace(/^\+/, '')}`;

/** Which document it is: 11 characters are a CPF, 14 a CNPJ. */
export const tipoDocumento = (documento: string): 'CPF' | 'CNPJ' => (documento.length === 11 ? 'CPF' : 'CNPJ');

/** `12345678000195` → `12.345.678/0001-95`; `12345678909` → `123.456.789-09`; anything else as is. */
export function formatDocumento(documento: string): string {
  if (/^\d{11}$/.test(documento)) return documento.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{12}\d{2}$/.test(documento)) return documento.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return documento;
}

/** An ISO date as people read it: `2026-12-31` → `31/12/2026`. */
export const formatData = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Today's date where the person is (their time zone), as ISO: `2026-12-31`. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole days from one ISO date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
