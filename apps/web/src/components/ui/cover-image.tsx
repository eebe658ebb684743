import { type ReactNode, useState } from 'react';

/**
 * A card's picture: the image when it loads, otherwise `placeholder` (no image, or one the browser cannot
 * load — never the browser's broken-image icon). Lazily loaded, except a card of the list's first row (`first`):
 * on a phone its picture is the largest thing the screen first shows, so it is asked for at once and first
 * (decision 0334).
 */
export function CoverImage({ src, className, placeholder, first = false }: { src: string | null | undefined; className: string; placeholder: ReactNode; first?: boolean }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (!src || src === brokenSrc) return placeholder;
  return <img src={src} alt="" className={className} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} onError={() => setBrokenSrc(src)} />;
}
