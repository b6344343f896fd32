import type { ReactNode } from 'react';
import { AlertIcon, Badge } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { StatusPage } from '../../../components/StatusPage.tsx';
import { useSession } from '../../../lib/session.ts';
import { AUTH_TEXTS } from '../../../texts/auth.ts';

/** The users pages are for administrators: a member (who typed the URL) reads so. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signedIn' && session.user.admin) return children;
  return (
    <StatusPage
      mark={<Badge className="status-icon" icon={<AlertIcon size={32} />} />}
      heading={<PageHeading title={AUTH_TEXTS.usuarios.adminOnlyHeading} />}
      text={AUTH_TEXTS.usuarios.adminOnlyText}
    />
  );
}
