import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';
import { buttonClass } from '../../components/ui/Button';

export default function NotFoundPage() {
  return (
    <EmptyState
      headingLevel={1}
      icon={<Compass aria-hidden size={32} />}
      title="Page not found"
      line="There is no page at this address. Check the link, or go home."
      action={
        <Link to="/" className={buttonClass('secondary')}>
          Go Home
        </Link>
      }
    />
  );
}
