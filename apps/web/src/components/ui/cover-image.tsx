import { type ReactNode, type SyntheticEvent, useState } from 'react';

/**
 * When a card's picture is asked for: `first`, at once and before anything else (on a phone the first card's picture
 * is the largest thing the screen first shows, decision 0334); `eager`, at once (the rest of the first row, which a
 * wider screen shows beside it); `lazy`, when the browser finds it near the screen; `held`, not yet: the frame
 * around it keeps its size and shows its background until the caller lets it load (decision 0363).
 */
export type CoverLoad = 'first' | 'eager' | 'lazy' | 'held';

/**
 * A card's picture: the image when it loads, otherwise `placeholder` (no image, or one the browser cannot
 * load — never the browser's broken-image icon). `onSettled` is told when the image has failed, or loaded and been
 * decoded: the browser may paint a loaded picture a frame or more after its load event (it decodes it first), and
 * what the caller starts then was asked for before the screen's largest paint (decision 0393).
 */
export function CoverImage({ src, className, placeholder, load = 'lazy', onSettled }: { src: string | null | undefined; className: string; placeholder: ReactNode; load?: CoverLoad; onSettled?: () => void }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (!src || src === brokenSrc) return placeholder;
  if (load === 'held') return null;
  const fail = () => {
    setBrokenSrc(src);
    onSettled?.();
  };
  const loaded = onSettled && ((event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    // A decode that fails (an image the browser will not draw) settles it all the same.
    void (typeof image.decode === 'function' ? image.decode() : Promise.resolve()).catch(() => undefined).then(onSettled);
  });
  return <img src={src} alt="" className={className} loading={load === 'lazy' ? 'lazy' : 'eager'} fetchPriority={load === 'first' ? 'high' : 'auto'} onLoad={loaded} onError={fail} />;
}

/**
 * Asks for the picture a screen will show first as soon as its address is known, before the screen is drawn (the
 * start-up's read of the list came with the page): drawn, the card's image takes it from the browser's cache or the
 * request under way instead of asking only then (decision 0381).
 */
export function warmCover(src: string): void {
  if (typeof Image !== 'function') return;
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.src = src;
}

