import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  badge?: ReactNode;
}

interface Props<T extends string> {
  label: string;
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** id prefix: tab `${idBase}-tab-${value}` controls panel `${idBase}-panel-${value}` */
  idBase: string;
}

/** A tab strip (WAI-ARIA tabs: arrow keys, Home and End move between tabs; the active one is in the tab order). */
export function Tabs<T extends string>({ label, items, value, onChange, idBase }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (e: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onChange(items[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 rounded-2xl border border-line bg-card p-1">
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.value}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel-${item.value}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(e) => move(e, i)}
            className={`inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl text-sm font-semibold ${selected ? 'bg-brand text-white' : 'text-muted hover:text-ink'}`}
          >
            {item.label}
            {item.badge}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of one tab (render only the selected one). */
export function TabPanel({ idBase, value, children }: { idBase: string; value: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idBase}-panel-${value}`} aria-labelledby={`${idBase}-tab-${value}`} className="grid grid-cols-1 gap-3">
      {children}
    </div>
  );
}
