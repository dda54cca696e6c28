import { useEffect, useRef } from 'react';
import { Button } from './Button';

interface Props {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label?: string;
}

/**
 * The end of a paged list: loads the next page when it scrolls into view (infinite scroll), and
 * is a real button too, for keyboards and when observers are unavailable.
 */
export function LoadMore({ hasMore, loading, onLoad, label = 'Load more' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoad });
  latest.current = { hasMore, loading, onLoad };

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const { hasMore: more, loading: busy, onLoad: load } = latest.current;
      if (entries.some((e) => e.isIntersecting) && more && !busy) load();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className="grid justify-items-center py-2">
      {hasMore && (
        <Button variant="secondary" onClick={onLoad} loading={loading}>
          {label}
        </Button>
      )}
    </div>
  );
}
