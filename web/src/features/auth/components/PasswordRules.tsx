import { PASSWORD_POLICY, passwordProblems, type PasswordProblem } from '@contract';
import { AUTH_TEXTS } from '../../../texts/auth.ts';

const RULES: readonly [PasswordProblem, string][] = [
  ['length', AUTH_TEXTS.policy.length(PASSWORD_POLICY.minLength)],
  ['uppercase', AUTH_TEXTS.policy.uppercase],
  ['lowercase', AUTH_TEXTS.policy.lowercase],
  ['digit', AUTH_TEXTS.policy.digit],
  ['symbol', AUTH_TEXTS.policy.symbol],
];

/** The user pool's password policy as a checklist that follows what is typed. */
export function PasswordRules({ password }: { password: string }) {
  const problems = passwordProblems(password);
  return (
    <div className="password-rules">
      <p className="field-help">{AUTH_TEXTS.policy.title}</p>
      <ul>
        {RULES.map(([rule, text]) => {
          const met = password !== '' && !problems.includes(rule);
          return (
            <li key={rule} className={met ? 'rule-met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '•'}</span> {text}
              <span className="visually-hidden"> ({met ? AUTH_TEXTS.policy.met : AUTH_TEXTS.policy.missing})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
