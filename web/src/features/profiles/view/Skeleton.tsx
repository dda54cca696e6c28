/** Grey blocks in the shape of what is loading, so nothing moves when it arrives. */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-xl bg-raised ${className}`} />;
}

/** The profile header while the profile loads: same boxes as ProfileHeader. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4">
      <h1 className="sr-only">{label}</h1>
      <div className="aspect-[5/2] w-full animate-pulse rounded-2xl bg-raised md:aspect-[3/1]" />
      <div className="-mt-14 flex items-start gap-3 px-3">
        <div className="h-[88px] w-[88px] shrink-0 animate-pulse rounded-full bg-line ring-4 ring-page" />
        <div className="grid flex-1 gap-2 pt-12">
          <SkeletonBlock className="h-7 w-40" />
          <SkeletonBlock className="h-4 w-24" />
        </div>
      </div>
      <SkeletonBlock className="h-24 w-full" />
      <SkeletonBlock className="h-40 w-full" />
    </div>
  );
}
