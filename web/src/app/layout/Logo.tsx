import { Link } from 'react-router';
import { TAGLINE } from '@velvet/core/constants/site';
import { siteName } from '../../lib/site';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    // no aria-label: the visible name and tagline are the link's name (WCAG 2.5.3, label in name)
    <Link to={to} className="flex min-h-11 flex-col justify-center rounded-xl leading-tight">
      <span className="text-brand text-xl font-extrabold tracking-tight">{siteName}</span>
      <span className="text-[11px] text-muted">{TAGLINE}</span>
    </Link>
  );
}
