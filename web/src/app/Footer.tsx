import { GitHubIcon, LogoMark, InstagramIcon, LinkedInIcon } from '../components/icons.tsx';
import { T } from '../texts.ts';

const social = [
  { href: 'https://www.linkedin.com/company/clientela', label: T.footer.linkedin, Icon: LinkedInIcon },
  { href: 'https://github.com/clientela', label: T.footer.github, Icon: GitHubIcon },
  { href: 'https://www.instagram.com/clientela', label: T.footer.instagram, Icon: InstagramIcon },
] as const;

/** Footer: social links (icons with accessible names) and the copyright with the current year. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <LogoMark size={30} />
          <p>{T.footer.tagline}</p>
        </div>
        <ul className="social" aria-label={T.footer.social}>
          {social.map(({ href, label, Icon }) => (
            <li key={href}>
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="social-link">
                <Icon size={20} />
              </a>
            </li>
          ))}
        </ul>
        <p className="copyright">{T.footer.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
