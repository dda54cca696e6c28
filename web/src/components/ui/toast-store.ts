import { useSyncExternalStore } from 'react';
import { limits } from '@velvet/core/constants/limits';

export type ToastVariant = 'default' | 'destructive' | 'success';
export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast; with one visible at a time (spec §9), a new toast replaces the current one. */
export function toast(input: { title: string; description?: string; variant?: ToastVariant }) {
  const item: ToastItem = { id: nextId++, variant: 'default', open: true, ...input };
  items = [...items.map((t) => ({ ...t, open: false })), item].slice(-(limits.toast.limit + 1));
  emit();
  return item.id;
}

export function dismissToast(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
}

export function removeToast(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

export function useToasts() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
}
