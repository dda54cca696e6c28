import { RefreshCw } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Button } from './Button';
import { isNetworkError } from '../../lib/api-client';

interface Props {
  error: unknown;
  what: string;
  onRetry: () => void;
  retrying?: boolean;
  /** the spec's own words for this failure, where it gives some ('Failed to load messages') */
  title?: string;
}

/** A load failure in plain words, with a retry. */
export function LoadError({ error, what, onRetry, retrying, title }: Props) {
  const line = isNetworkError(error) ? messages.signIn.network : `We could not load ${what}. Please try again.`;
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-2xl border border-line bg-card p-6 text-center">
      {title && <p className="font-semibold">{title}</p>}
      <p className="text-sm">{line}</p>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        <RefreshCw aria-hidden size={16} /> Try Again
      </Button>
    </div>
  );
}
