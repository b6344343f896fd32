import type { ReactNode } from 'react';

/** A message about the whole form (not one of its fields), said at once to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  return children ? (
    <p role="alert" className="form-alert">
      {children}
    </p>
  ) : null;
}
