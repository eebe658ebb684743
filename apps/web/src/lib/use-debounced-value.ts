import { useEffect, useState } from 'react';

/** The searches' debounce (product-rules.md#constants): category search, resource filters, student search. */
export const DEBOUNCE_MS = 300;

/**
 * The value, but only after it has stayed unchanged for `delay` ms. A value that is already the debounced one (the
 * first render's, or one typed back before the delay) asks for no timer: every list screen's first render had
 * one for nothing (decision 0388).
 */
export function useDebouncedValue<T>(value: T, delay = DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (Object.is(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay, debounced]);
  return debounced;
}
