import { Link } from 'react-router-dom';
import { ChartIcon, CrownIcon, DiamondIcon, PlusIcon, UsersIcon } from '../components/icons.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { VIP_THRESHOLD } from '../config.ts';
import { formatMoney } from '../lib/format.ts';
import { paths } from '../paths.ts';
import { T } from '../texts.ts';

const featureIcons = [UsersIcon, CrownIcon, ChartIcon];

/** / and /home: the landing page. */
export default function Home() {
  return (
    <div className="home">
      <section className="hero">
        <div className="hero-text">
          <p className="eyebrow">{T.home.eyebrow}</p>
          <PageHeading title={T.titles.home} className="hero-title">
            {T.home.headline}
          </PageHeading>
          <p className="hero-lead">{T.home.description}</p>
          <div className="hero-actions">
            <Link className="btn btn-primary btn-lg" to={paths.clientes}>
              <UsersIcon size={20} />
              {T.home.ctaClientes}
            </Link>
            <Link className="btn btn-secondary btn-lg" to={paths.cadastrarCliente}>
              <PlusIcon size={20} />
              {T.home.ctaCadastrar}
            </Link>
          </div>
        </div>
        <div className="hero-art" aria-hidden="true">
          <div className="hero-card">
            <span className="card-badge badge-vip">
              <CrownIcon size={20} />
            </span>
            <div>
              <span className="hero-line w-70" />
              <span className="hero-line w-40" />
            </div>
          </div>
          <div className="hero-card offset">
            <span className="card-badge badge-std">
              <DiamondIcon size={20} />
            </span>
            <div>
              <span className="hero-line w-60" />
              <span className="hero-line w-30" />
            </div>
          </div>
          <div className="hero-card">
            <span className="card-badge badge-std">
              <DiamondIcon size={20} />
            </span>
            <div>
              <span className="hero-line w-50" />
              <span className="hero-line w-40" />
            </div>
          </div>
        </div>
      </section>
      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {T.home.featuresTitle}
        </h2>
        <ul className="feature-grid">
          {T.home.features.map((f, i) => {
            const Icon = featureIcons[i] ?? UsersIcon;
            return (
              <li key={f.title} className="card feature-card">
                <span className="feature-icon" aria-hidden="true">
                  <Icon size={24} />
                </span>
                <h3>{f.title}</h3>
                <p>{f.text(formatMoney(VIP_THRESHOLD))}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
