/** The cover photo, or a neutral gradient, in a fixed 5:2 box (no layout shift while it loads). */
export function CoverPhoto({ url }: { url: string | null }) {
  return (
    <div className="aspect-[5/2] w-full md:aspect-[3/1] overflow-hidden rounded-2xl bg-gradient-to-br from-raised via-line to-card">
      {url && <img src={url} alt="" className="h-full w-full object-cover" decoding="async" />}
    </div>
  );
}
