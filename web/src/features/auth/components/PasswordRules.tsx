import { PASSWORD_POLICY, passwordProblems, type PasswordProblem } from '@contract';
import { A } from '../../../texts-auth.ts';

const RULES: readonly [PasswordProblem, string][] = [
  ['length', A.policy.length(PASSWORD_POLICY.minLength)],
  ['uppercase', A.policy.uppercase],
  ['lowercase', A.policy.lowercase],
  ['digit', A.policy.digit],
  ['symbol', A.policy.symbol],
];

/** The user pool's password policy as a checklist that follows what is typed. */
export function PasswordRules({ password }: { password: string }) {
  const problems = passwordProblems(password);
  return (
    <div className="password-rules">
      <p className="field-help">{A.policy.title}</p>
      <ul>
        {RULES.map(([rule, text]) => {
          const met = password !== '' && !problems.includes(rule);
          return (
            <li key={rule} className={met ? 'rule-met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '•'}</span> {text}
              <span className="visually-hidden"> ({met ? A.policy.met : A.policy.missing})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
