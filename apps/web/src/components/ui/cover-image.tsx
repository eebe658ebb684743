import { type ReactNode, useState } from 'react';

/**
 * A card's picture: the image when it loads, otherwise `placeholder` (no image, or one the browser cannot
 * load — never the browser's broken-image icon).
 */
export function CoverImage({ src, className, placeholder }: { src: string | null | undefined; className: string; placeholder: ReactNode }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (!src || src === brokenSrc) return placeholder;
  return <img src={src} alt="" className={className} loading="lazy" onError={() => setBrokenSrc(src)} />;
}
