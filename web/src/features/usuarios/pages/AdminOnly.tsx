import { AlertIcon, Badge } from '../../../components/icons.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { StatusPage } from '../../../components/StatusPage.tsx';
import { AUTH_TEXTS } from '../../../texts/auth.ts';

/** What the users pages show anyone but an administrator (a member who typed the URL). */
export default function AdminOnly() {
  return (
    <StatusPage
      mark={<Badge className="status-icon" icon={<AlertIcon size={32} />} />}
      heading={<PageHeading title={AUTH_TEXTS.usuarios.adminOnlyHeading} />}
      text={AUTH_TEXTS.usuarios.adminOnlyText}
    />
  );
}
