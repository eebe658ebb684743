import { useEffect, useState } from 'react';

/** The searches' debounce (product-rules.md#constants): category search, resource filters, student search. */
export const DEBOUNCE_MS = 300;

/** The value, but only after it has stayed unchanged for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
