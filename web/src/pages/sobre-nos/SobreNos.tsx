import { GitHubIcon, LinkedInIcon } from '../../components/icons.tsx';
import { LinkIcon } from '../../components/icons-pages.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { APP_TEXTS } from '../../texts/app.ts';
import { SOBRE_TEXTS } from '../../texts/sobre.ts';
import { equipe } from './team.ts';

/** External links open in a new tab without giving it access to this one. */
const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** /sobre-nos: the four-person team. */
export default function SobreNos() {
  return (
    <div className="page">
      <PageHeader title={APP_TEXTS.titles.about} heading={SOBRE_TEXTS.about.heading} subtitle={SOBRE_TEXTS.about.intro} />
      <ul className="card-grid team-grid">
        {equipe.map((m) => (
          <li key={m.nome}>
            <article className="card member-card">
              <img className="member-photo" src={m.foto} alt={SOBRE_TEXTS.about.photoAlt(m.nome)} width={120} height={120} />
              <h2 className="member-name">{m.nome}</h2>
              <p className="member-role">{m.papel}</p>
              <p className="member-text">{m.descricao}</p>
              <ul className="member-links" aria-label={SOBRE_TEXTS.about.linksLabel(m.nome)}>
                <li>
                  <a className="social-link" href={m.linkedin} aria-label={SOBRE_TEXTS.about.linkedin(m.nome)} {...external}>
                    <LinkedInIcon size={20} />
                  </a>
                </li>
                <li>
                  <a className="social-link" href={m.github} aria-label={SOBRE_TEXTS.about.github(m.nome)} {...external}>
                    <GitHubIcon size={20} />
                  </a>
                </li>
                {m.linktree ? (
                  <li>
                    <a className="social-link" href={m.linktree} aria-label={SOBRE_TEXTS.about.linktree(m.nome)} {...external}>
                      <LinkIcon size={20} />
                    </a>
                  </li>
                ) : null}
              </ul>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
