/** An on/off switch (WAI-ARIA switch): Space and Enter toggle it, the state is announced. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
  busy,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-11 w-16 shrink-0 items-center rounded-full p-1 transition disabled:opacity-60 ${checked ? 'bg-brand' : 'border border-line bg-raised'}`}
    >
      <span
        aria-hidden
        className={`h-7 w-7 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-0'}`}
      />
    </button>
  );
}
