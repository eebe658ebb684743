import { type ComponentType, useEffect, useState } from 'react';
import { afterFirstScreen, whenIdle } from './first-screen';
import { loadOnce } from './load-once';

// A screen's parts that its first view does not draw (dialogs, forms) load as chunks of their own, so the
// first paint neither downloads nor evaluates them (decision 0091). The screen warms them once the browser is
// idle, so opening one stays instant; the service worker precaches every chunk, so they open offline too.

/** A component loaded on first use; `preload()` fetches it ahead (once; a failed load is tried again next time). */
export interface LazyPart<P extends object> {
  Part: ComponentType<P>;
  preload: () => Promise<ComponentType<P>>;
}

/**
 * Wraps `load` (a dynamic import) as a component. Until the code is there it draws nothing, so a dialog's
 * place never shifts the page; once loaded (or preloaded) it draws at once, without a Suspense round.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const { preload, current } = loadOnce(load);
  function Part(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | null>(current);
    useEffect(() => {
      if (component) return;
      let live = true;
      preload().then(
        (c) => { if (live) setComponent(() => c); },
        (error: unknown) => console.error(error),
      );
      return () => { live = false; };
    }, [component]);
    const Loaded = component ?? current();
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { Part, preload };
}

/**
 * After the first screen's start-up has run its last stage (lib/first-screen.ts) and the browser is idle again,
 * fetches these parts' code; failures are left for first use (which loads them on demand anyway). One part to an
 * idle moment, the next once the one before has arrived: asking for a part's chunk and the ones it needs costs the
 * main thread a few milliseconds each on a phone, and a screen's four parts asked at once were one long task
 * (decision 0388).
 */
export function usePreloadWhenIdle(...parts: { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    let cancel = () => undefined as void;
    let live = true;
    const next = (i: number) => {
      if (!live || i >= parts.length) return;
      cancel = whenIdle(() => {
        void parts[i].preload().catch(() => undefined).then(() => next(i + 1));
      }, 3000);
    };
    void afterFirstScreen(2).then(() => next(0));
    return () => {
      live = false;
      cancel();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the parts are module constants
}

/** True from the first render where `value` is true on: a dialog mounted once stays mounted (its focus return needs it). */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
