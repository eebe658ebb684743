import { type ComponentType, lazy, useState } from 'react';
import { loadOnce } from './load-once';

// The signed-in frame and each screen are chunks of their own (decision 0097). React.lazy alone always suspends
// on its first render, even when the chunk is already in memory: the frame's skeleton is committed, and React
// holds the real content back until 300 ms after that fallback (its reveal throttle) and renders it in a retry.
// On a signed-in reload the page preloads these chunks, so they are in memory before the first render
// (main.tsx waits for them): a screen made here then draws in that first render, without a fallback.

/** A route's component from its chunk, with `preload()` to fetch it ahead (once; a failed load is tried again). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  const { preload, current } = loadOnce(load);
  // Not loaded yet: React.lazy suspends to the nearest Suspense boundary (the route's skeleton) until it is.
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    // Chosen once per mount: a mounted screen never switches component type (that would remount it).
    const [Component] = useState<ComponentType<P>>(() => current() ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}
