import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  badge?: ReactNode;
}

interface Props<T extends string> {
  /** the tab strip's accessible name */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** the panels: one `TabPanel` per tab, or one whose value is the selected tab */
  children: ReactNode;
}

/**
 * A tab strip and its panels (Radix Tabs, WAI-ARIA tabs): arrow keys, Home and End move between tabs
 * and select them; the selected tab is in the tab order.
 */
export function Tabs<T extends string>({ label, items, value, onChange, children }: Props<T>) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => {
        const item = items.find((i) => i.value === next);
        if (item) onChange(item.value);
      }}
      activationMode="automatic"
      className="grid grid-cols-1 gap-4"
    >
      <RadixTabs.List aria-label={label} className="flex gap-1 rounded-2xl border border-line bg-card p-1">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl text-sm font-semibold data-[state=active]:bg-brand data-[state=active]:text-white data-[state=inactive]:text-muted data-[state=inactive]:hover:text-ink"
          >
            {item.label}
            {item.badge}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

/** The panel of one tab: rendered only while its tab is selected. */
export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Content value={value} className="grid grid-cols-1 gap-3">
      {children}
    </RadixTabs.Content>
  );
}
