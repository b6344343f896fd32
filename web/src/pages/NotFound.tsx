import { PageHeading } from '../components/PageHeading.tsx';
import { StatusPage } from '../components/StatusPage.tsx';
import { T } from '../texts.ts';

/** Any unknown path. */
export default function NotFound() {
  return (
    <StatusPage
      mark={
        <p className="status-code" aria-hidden="true">
          {T.notFound.code}
        </p>
      }
      heading={<PageHeading title={T.titles.notFound}>{T.notFound.heading}</PageHeading>}
      text={T.notFound.text}
    />
  );
}
