import { useState } from 'react';
import { messages } from '@velvet/core/messages';
import { Button, buttonClass } from '../../components/ui/Button';
import { siteName } from '../../lib/site';

/** Error screen variant 2 (spec §2): Refresh Page, Go Home and the error's details. */
export function RouteError({ error }: { error: unknown }) {
  // offline when it failed (kept once the connection is back: the page still needs a reload)
  const [failedOffline] = useState(() => !navigator.onLine);
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // offline, code the app never loaded before cannot arrive: say that, not "something went wrong"
  if (failedOffline)
    return (
      <main className="mx-auto grid min-h-dvh max-w-[720px] place-content-center gap-4 p-6 text-center">
        <p className="text-brand text-xl font-extrabold">{siteName}</p>
        <h1 className="text-2xl font-bold">{messages.offline.title}</h1>
        <p className="text-muted">{messages.offline.line}</p>
        <div className="flex justify-center">
          <Button onClick={() => window.location.reload()}>{messages.offline.retry}</Button>
        </div>
      </main>
    );
  return (
    <main className="mx-auto grid min-h-dvh max-w-[720px] place-content-center gap-4 p-6 text-center">
      <p className="text-brand text-xl font-extrabold">{siteName}</p>
      <h1 className="text-2xl font-bold">{messages.errors.title}</h1>
      <p className="text-muted">{messages.errors.sorry}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        <a href="/" className={buttonClass('secondary')}>
          Go Home
        </a>
      </div>
      <details className="rounded-xl border border-line bg-card p-3 text-left text-sm">
        <summary className="cursor-pointer">Error details</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words text-muted">{details}</pre>
      </details>
    </main>
  );
}
