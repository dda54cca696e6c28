export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden
        style={{ width: size, height: size }}
        className="inline-block animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
