import * as RadixSwitch from '@radix-ui/react-switch';

/** An on/off switch (Radix Switch, WAI-ARIA switch): Space and Enter toggle it, the state is announced. */
export function Switch({
  checked,
  onChange,
  label,
  describedBy,
  disabled,
  busy,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  /** id of a line that says more about the setting (announced after the name) */
  describedBy?: string;
  disabled?: boolean;
  busy?: boolean;
}) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onChange}
      aria-label={label}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={disabled}
      className="relative inline-flex h-11 w-16 shrink-0 items-center rounded-full p-1 transition disabled:opacity-60 data-[state=checked]:bg-brand data-[state=unchecked]:border data-[state=unchecked]:border-line data-[state=unchecked]:bg-raised"
    >
      <RadixSwitch.Thumb
        aria-hidden
        className="h-7 w-7 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6 data-[state=unchecked]:translate-x-0"
      />
    </RadixSwitch.Root>
  );
}
