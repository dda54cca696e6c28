import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the toast machinery with the first toast, keeping it off the sign-in page's first load. */
export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
