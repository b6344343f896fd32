import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading.tsx';

/** A page's header: its h1 (which sets the document title), an optional subtitle and action. */
export function PageHeader({ title, heading, subtitle, action }: { title: string; heading?: ReactNode; subtitle?: ReactNode; action?: ReactNode }) {
  const h1 = <PageHeading title={title}>{heading}</PageHeading>;
  return (
    <div className="page-header">
      {subtitle ? (
        <div>
          {h1}
          <p className="page-subtitle">{subtitle}</p>
        </div>
      ) : (
        h1
      )}
      {action}
    </div>
  );
}
