import { lazy, useState, type ComponentType } from 'react';

/** A page whose code loads on demand, and a way to load it before it is first drawn. */
export interface LazyPage {
  Page: ComponentType;
  preload: () => Promise<void>;
}

const failedPages = new Set<() => void>();

/**
 * Lets each page whose code failed to load (offline) try again when next drawn: an error screen's
 * Try again, leaving that screen, or the connection coming back. Never on the failure itself: React
 * draws a failed page once more before it shows the error, which would then load (and fail) forever.
 */
export function retryFailedPages(): void {
  for (const retry of failedPages) retry();
  failedPages.clear();
}
window.addEventListener('online', retryFailedPages);

/**
 * Route-level code splitting. Once the code has arrived (`preload`, or an earlier visit) the page
 * draws at once; before, it suspends until its chunk arrives. The first page is preloaded before the
 * app's first render (main.tsx): a page that suspends there commits an empty frame first, and React
 * holds back what follows a fallback for up to 300 ms.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  // React keeps a lazy component's failure for good: after one, retryFailedPages makes a new one
  const suspendingPage = (): ComponentType =>
    lazy(() =>
      preload().then(
        () => ({ default: loaded! }),
        (error: unknown) => {
          failedPages.add(() => (suspending = suspendingPage()));
          throw error;
        },
      ),
    );
  let suspending = suspendingPage();
  function Page() {
    // chosen once per mount, so a page that suspended is not drawn anew when its code arrives
    const [Component] = useState<ComponentType>(() => loaded ?? suspending);
    return <Component />;
  }
  return { Page, preload };
}
