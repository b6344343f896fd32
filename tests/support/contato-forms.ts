/**
 * The written forms of the contact fields, shared by the unit, component and browser
 * tests: how people write a phone number or a CPF/CNPJ, and what the API stores for each.
 */

/** Phone numbers as people write or paste them → E.164. */
export const TELEFONES: readonly (readonly [written: string, stored: string])[] = [
  ['(11) 98765-4321', '+5511987654321'],
  ['11987654321', '+5511987654321'],
  ['+55 11 98765 4321', '+5511987654321'],
  ['+55 (11) 98765-4321', '+5511987654321'],
  ['+5511987654321', '+5511987654321'],
  ['55 11 98765-4321', '+5511987654321'],
  ['011 98765-4321', '+5511987654321'],
  ['0 21 11 98765-4321', '+5511987654321'],
  ['11 98765.4321', '+5511987654321'],
  ['(11) 3456-7890', '+551134567890'],
  ['1134567890', '+551134567890'],
  ['+55 21 2345-6789', '+552123456789'],
  // DDD 55 (Santa Maria, RS) written without the country code, and with it.
  ['(55) 99123-4567', '+5555991234567'],
  ['+55 55 99123-4567', '+5555991234567'],
];

/** CPFs and CNPJs as people write them → as stored. Known-valid numbers (examples of the Receita Federal and of the algorithm's write-ups; the two public companies' CNPJs). */
export const DOCUMENTOS: readonly (readonly [written: string, stored: string])[] = [
  ['111.444.777-35', '11144477735'],
  ['529.982.247-25', '52998224725'],
  ['12345678909', '12345678909'],
  ['11.222.333/0001-81', '11222333000181'],
  ['11444777000161', '11444777000161'],
  // Banco do Brasil and Petrobras.
  ['00.000.000/0001-91', '00000000000191'],
  ['33.000.167/0001-01', '33000167000101'],
  // The alphanumeric CNPJ of the Receita Federal's own example, and lower case.
  ['12.ABC.345/01DE-35', '12ABC34501DE35'],
  ['12.abc.345/01de-35', '12ABC34501DE35'],
  [' 12ABC34501DE35 ', '12ABC34501DE35'],
];
