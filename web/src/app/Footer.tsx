import { GitHubIcon, LogoMark, InstagramIcon, LinkedInIcon } from '../components/icons.tsx';
import { useHydrated } from '../lib/hydrated.ts';
import { APP_TEXTS } from '../texts/app.ts';

const social = [
  { href: 'https://www.linkedin.com/company/clientela', label: APP_TEXTS.footer.linkedin, Icon: LinkedInIcon },
  { href: 'https://github.com/clientela', label: APP_TEXTS.footer.github, Icon: GitHubIcon },
  { href: 'https://www.instagram.com/clientela', label: APP_TEXTS.footer.instagram, Icon: InstagramIcon },
] as const;

/**
 * Footer: social links (icons with accessible names) and the copyright with the current year
 * (the browser's: a prerendered page shows the line without it, in a box of the same size).
 */
export function Footer() {
  const hydrated = useHydrated();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <LogoMark size={30} />
          <p>{APP_TEXTS.footer.tagline}</p>
        </div>
        <ul className="social" aria-label={APP_TEXTS.footer.social}>
          {social.map(({ href, label, Icon }) => (
            <li key={href}>
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="social-link">
                <Icon size={20} />
              </a>
            </li>
          ))}
        </ul>
        {/* Before hydration: a stand-in year, hidden, so the line keeps its size. */}
        <p className="copyright" data-pending={hydrated ? undefined : ''}>
          {APP_TEXTS.footer.copyright(hydrated ? new Date().getFullYear() : 2000)}
        </p>
      </div>
    </footer>
  );
}
