import { Link, useLocation } from 'react-router';
import { Sparkles } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { buttonClass } from '../../components/ui/Button';
import { comingSoon } from '../../lib/coming-soon';

/** An honest page for a feature that is planned but not built yet. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const key = Object.keys(comingSoon).find((p) => (p.includes(':') ? pathname.startsWith(p.split(':')[0]!) : p === pathname));
  const info = (key && comingSoon[key]) || { title: 'Coming soon', line: 'This part of the site is being built.' };
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">{info.title}</h1>
      <EmptyState
        icon={<Sparkles aria-hidden size={32} />}
        title="Coming soon"
        line={`${info.line} We are building this now; it is not ready yet.`}
        action={
          <Link to="/dashboard" className={buttonClass('secondary')}>
            Back to Dashboard
          </Link>
        }
      />
    </section>
  );
}
