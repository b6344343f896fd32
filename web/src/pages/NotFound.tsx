import { Link } from 'react-router-dom';
import { HomeIcon } from '../components/icons.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { paths } from '../paths.ts';
import { T } from '../texts.ts';

/** Any unknown path. */
export default function NotFound() {
  return (
    <div className="page page-narrow">
      <section className="card status-page">
        <p className="status-code" aria-hidden="true">
          {T.notFound.codigo}
        </p>
        <PageHeading title={T.titles.notFound}>{T.notFound.heading}</PageHeading>
        <p>{T.notFound.text}</p>
        <div className="form-actions center">
          <Link className="btn btn-primary" to={paths.home}>
            <HomeIcon size={18} />
            {T.common.voltarInicio}
          </Link>
        </div>
      </section>
    </div>
  );
}
