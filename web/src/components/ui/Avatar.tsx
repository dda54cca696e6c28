import { useState } from 'react';

/** 'Sam & Alex' → 'SA', 'velvet_pair' → 'VP', 'jo' → 'J'. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .split(/[\s._&+-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]!.charAt(0)] : [words[0]!.charAt(0), words[words.length - 1]!.charAt(0)];
  return letters.join('').toUpperCase();
}

interface AvatarProps {
  src?: string | null;
  /** Whose picture: used for the alt text and the initials fallback. */
  name?: string | null;
  /** Width and height in px: the box is fixed, so nothing moves while the image loads. */
  size?: number;
  className?: string;
  /** Decorative when the name is already written next to it. */
  decorative?: boolean;
}

/**
 * A round profile picture. While the image loads the box shows its neutral background; with no
 * image (or one that fails) it shows the initials. Loading needs no state: the browser paints the
 * picture over the background when it has it, where setting state as each avatar of a list loaded
 * drew the list again just after the page had drawn.
 */
export function Avatar({ src, name, size = 40, className = '', decorative = false }: AvatarProps) {
  // the source that failed, so a new picture is tried again
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const label = name ? `${name}'s photo` : 'Profile photo';

  return (
    <span
      className={`relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-raised text-ink ${className}`}
      style={{ width: size, height: size }}
      role={decorative || showImage ? undefined : 'img'}
      aria-label={decorative || showImage ? undefined : label}
      aria-hidden={decorative || undefined}
    >
      {!showImage && (
        <span aria-hidden className="select-none font-semibold text-muted" style={{ fontSize: Math.max(10, Math.round(size * 0.38)) }}>
          {initialsOf(name)}
        </span>
      )}
      {showImage && (
        <img
          src={src!}
          alt={decorative ? '' : label}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src!)}
          className="absolute inset-0 h-full w-full object-cover text-transparent"
        />
      )}
    </span>
  );
}
