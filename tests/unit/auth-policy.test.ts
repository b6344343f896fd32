/**
 * The shared sign-in rules (lambdas/contract/auth.ts) and the local pool's generated administrator
 * password.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_POLICY, PASSWORD_SYMBOLS, passwordProblems, userNameOf } from '../../lambdas/contract/auth.ts';
import { generatePassword } from '../../infra/local/user-pool.ts';

describe('password policy', () => {
  it('is the strong policy the pool is created with', () => {
    expect(PASSWORD_POLICY).toEqual({
      minLength: 12,
      requireUppercase: true,
      requireLowercase: true,
      requireDigits: true,
      requireSymbols: true,
      tempPasswordValidityDays: 7,
    });
  });

  it('names every class a password lacks, in Cognito order', () => {
    expect(passwordProblems('Boa-Senha-123')).toEqual([]);
    expect(passwordProblems('')).toEqual(['length', 'uppercase', 'lowercase', 'digit', 'symbol']);
    expect(passwordProblems('Curta-1a')).toEqual(['length']);
    expect(passwordProblems('sem-maiuscula-1')).toEqual(['uppercase']);
    expect(passwordProblems('SEM-MINUSCULA-1')).toEqual(['lowercase']);
    expect(passwordProblems('Sem-Numero-Aqui')).toEqual(['digit']);
    expect(passwordProblems('SemSimbolo1234')).toEqual(['symbol']);
    // Accented letters are neither upper- nor lower-case ASCII, as in Cognito.
    expect(passwordProblems('ÁÉÍÓÚáéíóú-12')).toEqual(['uppercase', 'lowercase']);
  });

  it('counts an inner space as a symbol, not one at either end', () => {
    expect(passwordProblems('Minha senha 12')).toEqual([]);
    expect(passwordProblems(' MinhaSenha12 ')).toEqual(['symbol']);
  });

  it('counts characters as typed (code points), not UTF-16 units, for the length', () => {
    expect(passwordProblems('Aa1-😀😀😀😀😀😀😀')).toEqual(['length']);
    expect(passwordProblems('Aa1-😀😀😀😀😀😀😀😀')).toEqual([]);
  });

  it('accepts every symbol Cognito lists', () => {
    for (const c of PASSWORD_SYMBOLS) expect(passwordProblems(`Senha${c}Forte12`), c).toEqual([]);
  });

  it('user names are the lower-cased, trimmed e-mail', () => {
    expect(userNameOf('  Ana.Souza@Empresa.COM.br ')).toBe('ana.souza@empresa.com.br');
  });
});

describe('the generated administrator password', () => {
  it('always meets the policy and is never the same twice', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (extra) => {
        const pw = generatePassword(PASSWORD_POLICY.minLength + extra);
        expect(passwordProblems(pw)).toEqual([]);
        expect(pw).toMatch(/^[A-Za-z0-9\-_.!#%+=]+$/);
        expect(seen.has(pw)).toBe(false);
        seen.add(pw);
      }),
    );
    expect(generatePassword()).toHaveLength(20);
  });
});
