import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** The page title with an optional lead line, the same on every content page. */
export function PageIntro({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className="grid gap-2">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {lead && <p className="text-base text-muted">{lead}</p>}
      {children}
    </header>
  );
}

/**
 * Long-form text (terms, privacy, help answers): readable line length, spacing and list markers,
 * links in the brand's light pink. Children use plain h2/h3/p/ul/ol/a elements.
 */
export function Prose({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`grid gap-3 text-[15px] leading-relaxed text-ink/90 [&_a]:font-medium [&_a]:text-pink-300 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-pink-200 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink [&_h3]:mt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-ink [&_li]:pl-1 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-1.5 [&_ol]:pl-5 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-5 ${className}`}
    >
      {children}
    </div>
  );
}

/**
 * A numbered section of a legal page, with an anchor id for links such as /privacy#cookies. A link
 * from another page of the app (the deletion dialog's to /privacy#retention) changes the route, not
 * the document, so the browser does not scroll to the anchor itself: the section does, once shown.
 */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${id}`) ref.current?.scrollIntoView();
  }, [hash, id]);
  return (
    <section ref={ref} id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-28 gap-3">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The date a legal page last changed, shown under its title. */
export function LastUpdated({ date }: { date: string }) {
  return <p className="text-sm text-muted">Last updated {date}</p>;
}

/** A list of in-page links to the sections of a long page. */
export function Contents({ items }: { items: { id: string; title: string }[] }) {
  return (
    <nav aria-label="On this page" className="rounded-2xl border border-line bg-card p-4">
      <h2 className="mb-2 text-sm font-semibold text-muted">On this page</h2>
      <ol className="grid gap-0.5 text-sm">
        {items.map((item, i) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="flex min-h-11 items-center gap-2 rounded-xl px-2 text-ink hover:bg-raised">
              <span className="w-5 text-right text-muted">{i + 1}.</span>
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
