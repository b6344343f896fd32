import { PageHeading } from './PageHeading.tsx';
import { StatusPage } from './StatusPage.tsx';
import { APP_TEXTS } from '../texts/app.ts';

/** Any unknown path. */
export default function NotFound() {
  return (
    <StatusPage
      mark={
        <p className="status-code" aria-hidden="true">
          {APP_TEXTS.notFound.code}
        </p>
      }
      heading={<PageHeading title={APP_TEXTS.titles.notFound}>{APP_TEXTS.notFound.heading}</PageHeading>}
      text={APP_TEXTS.notFound.text}
    />
  );
}
