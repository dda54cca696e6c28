import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { limits } from '@velvet/core/constants/limits';
import { dismissToast, removeToast, useToasts, type ToastVariant } from './toast-store';

const edge: Record<ToastVariant, string> = {
  default: 'border-line',
  success: 'border-l-4 border-l-success border-line',
  destructive: 'border-l-4 border-l-danger border-line',
};

/**
 * Dark toasts (UI.md): one at a time, 5 s, swipe right past 50 px to dismiss, F8 to focus. On a phone
 * they show at the top, away from the bottom navigation and the buttons a form or chat ends with;
 * from 640 px at the bottom right. Their region takes no taps itself, only the toasts do.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider duration={limits.toast.durationMs} swipeDirection="right" swipeThreshold={limits.toast.swipeThresholdPx}>
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(t.id);
              window.setTimeout(() => removeToast(t.id), 300);
            }
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={t.variant}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border bg-toast p-4 pr-10 text-white shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition ${edge[t.variant]}`}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="text-sm text-white/80">{t.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close
            aria-label="Close"
            className="absolute right-2 top-2 grid h-8 w-8 place-items-center rounded-lg text-white/70 hover:text-white"
          >
            <X aria-hidden size={16} />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        hotkey={[limits.toast.hotkey]}
        className="pointer-events-none fixed right-0 top-[env(safe-area-inset-top)] z-[100] flex w-full max-w-sm flex-col gap-2 p-3 outline-none sm:bottom-4 sm:top-auto sm:p-4"
      />
    </RadixToast.Provider>
  );
}
