import { Fragment, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, ChartIcon, CrownIcon, DiamondIcon, PlusIcon, UsersIcon } from '../components/icons.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { VIP_THRESHOLD } from '../config.ts';
import { formatMoney } from '../lib/format.ts';
import { servedLayout } from '../lib/inicio.ts';
import { useSession } from '../lib/session.ts';
import { paths } from '../paths.ts';
import { APP_TEXTS } from '../texts/app.ts';
import { CARTEIRA_TEXTS } from '../texts/carteira.ts';
import Portfolio from './home/Portfolio.tsx';
import { PortfolioMessage, PortfolioSkeleton } from './home/PortfolioFrame.tsx';

const featureIcons = [UsersIcon, CrownIcon, ChartIcon];
/** The illustration beside the headline: three client cards, one of them VIP. */
const heroCards = [
  { vip: true, offset: false, lines: ['w-70', 'w-40'] },
  { vip: false, offset: true, lines: ['w-60', 'w-30'] },
  { vip: false, offset: false, lines: ['w-50', 'w-40'] },
];

/**
 * How the block is sized: `reserved`, the frame's fixed size (prerendered: who is signed in and
 * the numbers are known only in the browser); `content`, its content's own size; `kept`, its
 * content at least the frame's size.
 */
type Fit = 'reserved' | 'content' | 'kept';

/**
 * The portfolio first: the numbers for whoever may read them (signed in, or the open mode), an
 * invitation to sign in for a visitor. Until its content is known the block is a frame of fixed
 * size, compact when the page was served for a visitor (lib/inicio.ts), kept as served while the
 * session is found unless the numbers turn out to be readable after all (a stale hint: they get
 * their room). Once its content is in, the block takes that content's size if nothing below it
 * is on screen yet (what follows is laid out anew, `onRelaid`: nothing the user saw moves, and no
 * empty band is left between the block and the hero); otherwise it keeps at least the frame's
 * size, so what the user may be reading stays where it is.
 */
function PortfolioBlock({ onRelaid }: { onRelaid: () => void }) {
  const session = useSession();
  const mayRead = session.status === 'off' || session.status === 'signedIn';
  const [compact, setCompact] = useState(() => (session.status === 'loading' ? servedLayout() === 'visitante' : session.status === 'anonymous'));
  if (compact && mayRead) setCompact(false);
  const [portfolioReady, setPortfolioReady] = useState(false);
  const onReady = useCallback(() => setPortfolioReady(true), []);
  const ready = mayRead ? portfolioReady : session.status === 'anonymous' || session.status === 'failed';
  const [fit, setFit] = useState<Fit>('reserved');
  const block = useRef<HTMLElement>(null);
  // Before the browser paints the content: the frame is still laid out at its fixed size here.
  useLayoutEffect(() => {
    if (!ready || fit !== 'reserved' || !block.current) return;
    const belowOnScreen = block.current.getBoundingClientRect().bottom < window.innerHeight;
    setFit(belowOnScreen ? 'kept' : 'content');
    if (!belowOnScreen) onRelaid();
  }, [ready, fit, onRelaid]);
  let content;
  if (mayRead)
    // In the home's chunk, not one of its own: its reads start with the home's first render
    // instead of after a second download, and one file of both weighs ~0.5 KB gzip less on `/`
    // (a visitor, who sees only the invitation, downloads ~3 KB more after the first paint).
    content = <Portfolio onReady={onReady} />;
  else if (session.status === 'anonymous') content = <PortfolioMessage compact={compact} title={CARTEIRA_TEXTS.portfolio.signInTitle} text={CARTEIRA_TEXTS.portfolio.signInText} to={paths.entrar} action={APP_TEXTS.nav.signIn} />;
  else if (session.status === 'failed') content = <PortfolioMessage compact={compact} title={CARTEIRA_TEXTS.portfolio.error} />;
  else content = <PortfolioSkeleton compact={compact} />;
  return (
    <section ref={block} className={fit === 'reserved' ? 'portfolio' : `portfolio fit-${fit}`} aria-labelledby="portfolio-title">
      <h2 id="portfolio-title" className="section-title">
        {CARTEIRA_TEXTS.portfolio.title}
      </h2>
      <p className="portfolio-lead">{CARTEIRA_TEXTS.portfolio.lead}</p>
      {content}
    </section>
  );
}

/** / and /home: the portfolio, then the landing page. */
export default function Home() {
  // A new round each time the portfolio block is relaid: what follows it is rendered anew.
  const [round, setRound] = useState(0);
  const onRelaid = useCallback(() => setRound((r) => r + 1), []);
  return (
    <div className="home">
      <PortfolioBlock onRelaid={onRelaid} />
      <Fragment key={round}>
        <section className="hero">
          <div className="hero-text">
            <p className="eyebrow">{CARTEIRA_TEXTS.home.eyebrow}</p>
            <PageHeading title={APP_TEXTS.titles.home} className="hero-title" relaid={round > 0}>
              {CARTEIRA_TEXTS.home.headline}
            </PageHeading>
            <p className="hero-lead">{CARTEIRA_TEXTS.home.description}</p>
            <div className="hero-actions">
              <Link className="btn btn-primary btn-lg" to={paths.clientes}>
                <UsersIcon size={20} />
                {CARTEIRA_TEXTS.home.ctaClientes}
              </Link>
              <Link className="btn btn-secondary btn-lg" to={paths.cadastrarCliente}>
                <PlusIcon size={20} />
                {CARTEIRA_TEXTS.home.ctaCreate}
              </Link>
            </div>
          </div>
          <div className="hero-art" aria-hidden="true">
            {heroCards.map((c, i) => (
              <div key={i} className={c.offset ? 'hero-card offset' : 'hero-card'}>
                <span className={`card-badge ${c.vip ? 'badge-vip' : 'badge-std'}`}>{c.vip ? <CrownIcon size={20} /> : <DiamondIcon size={20} />}</span>
                <div>
                  {c.lines.map((w) => (
                    <span key={w} className={`hero-line ${w}`} />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </section>
        <section className="features" aria-labelledby="features-title">
          <h2 id="features-title" className="section-title">
            {CARTEIRA_TEXTS.home.featuresTitle}
          </h2>
          <ul className="feature-grid">
            {CARTEIRA_TEXTS.home.features.map((f, i) => {
              const Icon = featureIcons[i] ?? UsersIcon;
              return (
                <li key={f.title} className="card feature-card">
                  <Badge className="feature-icon" icon={<Icon size={24} />} />
                  <h3>{f.title}</h3>
                  <p>{f.text(formatMoney(VIP_THRESHOLD))}</p>
                </li>
              );
            })}
          </ul>
        </section>
      </Fragment>
    </div>
  );
}
