/**
 * Inline SVG icons: no emoji, no icon font, no request. Decorative icons are aria-hidden;
 * the ones that carry meaning take a `label` and become role="img" with that name. These are the
 * app shell's and the home's; icons-pages.tsx holds those only other pages draw.
 */
import type { ReactNode } from 'react';

export interface IconProps {
  /** Accessible name; without it the icon is decorative. */
  label?: string;
  className?: string;
  size?: number;
}

function Svg({ label, className, size = 20, children, viewBox = '0 0 24 24' }: IconProps & { children: ReactNode; viewBox?: string }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width={size}
      height={size}
      className={className}
      focusable="false"
      {...a11y}
    >
      {label ? <title>{label}</title> : null}
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const CrownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8z" fill="currentColor" />
    <rect x="5" y="20" width="14" height="1.8" rx=".9" fill="currentColor" />
  </Svg>
);

export const DiamondIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6.5 4h11L22 9.5 12 21 2 9.5 6.5 4z" fill="currentColor" opacity=".9" />
    <path d="M2 9.5h20M9 4l-2 5.5L12 21l5-11.5L15 4" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="1.2" />
  </Svg>
);

export const InfoIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="10" fill="#2563eb" />
    <path d="M12 11v6" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    <circle cx="12" cy="7.5" r="1.5" fill="#fff" />
  </Svg>
);

/** A circle as path data, so an outline icon is one list of paths. */
export const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/** An outline icon: its paths drawn with the current color. */
export function outline(...paths: string[]) {
  return function OutlineIcon(p: IconProps) {
    return (
      <Svg {...p}>
        {paths.map((d) => (
          <path key={d} d={d} {...stroke} />
        ))}
      </Svg>
    );
  };
}

export const MenuIcon = outline('M4 7h16M4 12h16M4 17h16');
export const CloseIcon = outline('M6 6l12 12M18 6L6 18');
export const PlusIcon = outline('M12 5v14M5 12h14');
export const AlertIcon = outline('M12 3l10 18H2L12 3z', 'M12 10v5M12 18h.01');
export const UsersIcon = outline(circle(9, 8, 3.5), 'M2.5 20c.8-3.6 3.3-5.5 6.5-5.5s5.7 1.9 6.5 5.5', 'M16 4.8a3.5 3.5 0 010 6.4M18.5 14.8c1.6.8 2.6 2.5 3 5.2');
export const ChartIcon = outline('M4 20V10M10 20V4M16 20v-7M22 20H2');
export const HomeIcon = outline('M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10');
export const InstagramIcon = outline('M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5z', circle(12, 12, 4), circle(17.5, 6.5, 0.6));

/** A solid icon: one path filled with the current color (brand marks). */
function solid(d: string) {
  return function SolidIcon(p: IconProps) {
    return (
      <Svg {...p}>
        <path fill="currentColor" d={d} />
      </Svg>
    );
  };
}

export const LinkedInIcon = solid(
  'M4.98 3.5a2.5 2.5 0 11-.02 5 2.5 2.5 0 01.02-5zM3 9.75h4V21H3V9.75zM9.5 9.75h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.6 4.77 6V21h-4v-5.1c0-1.2-.02-2.8-1.7-2.8-1.72 0-1.98 1.33-1.98 2.7V21H9.5V9.75z',
);
export const GitHubIcon = solid(
  'M12 2a10 10 0 00-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.46-1.11-1.46-.91-.62.07-.61.07-.61 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.56 9.56 0 015 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.68-4.57 4.93.36.31.68.92.68 1.85v2.74c0 .27.18.58.69.48A10 10 0 0012 2z',
);

/** A decorative icon in its badge (the badge's class draws the round or square frame). */
export const Badge = ({ className, icon }: { className: string; icon: ReactNode }) => (
  <span className={className} aria-hidden="true">
    {icon}
  </span>
);

/** The Clientela mark (same drawing as the favicon). */
export const LogoMark = ({ size = 34 }: { size?: number }) => (
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className="brand-mark">
    <rect width="32" height="32" rx="8" fill="#6366f1" />
    <path d="M21.5 10.2A8 8 0 1 0 21.5 21.8" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
    <circle cx="22" cy="16" r="2.2" fill="#fbbf24" />
  </svg>
);
