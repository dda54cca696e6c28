import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { buttonClass } from '../../components/ui/Button';

/** A signed-in member on a screen their role does not open (the moderation screens). */
export function AccessDenied({ line = messages.moderation.accessDenied }: { line?: string }) {
  return (
    <section
      className="grid justify-items-center gap-3 rounded-2xl border border-line bg-card p-6 text-center"
      aria-labelledby="access-denied"
    >
      <ShieldAlert aria-hidden size={40} className="text-red-400" />
      <h1 id="access-denied" className="text-2xl font-bold">
        {messages.moderation.accessDeniedTitle}
      </h1>
      <p className="text-muted">{line}</p>
      <Link to="/dashboard" className={buttonClass('secondary')}>
        Go Home
      </Link>
    </section>
  );
}
