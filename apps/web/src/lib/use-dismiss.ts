import { type RefObject, useEffect } from 'react';

/**
 * While `open`, a press outside `ref` or the Escape key calls `close` (dropdown menus). Escape also gives focus back
 * to `trigger` (the button that opened the menu), so the keyboard user is where they were and not on the page's body.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void, trigger?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) close(); };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      trigger?.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [ref, open, close, trigger]);
}
