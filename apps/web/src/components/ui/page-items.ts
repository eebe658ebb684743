export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons to show (product-rules.md#constants): first and last always, ellipses where pages are
 * skipped, at most `maxVisible` items (default 7; at least 5 and always odd).
 */
export function pageItems(current: number, last: number, maxVisible = 7): PageItem[] {
  let max = Math.max(5, Math.floor(maxVisible));
  if (max % 2 === 0) max -= 1;
  const page = Math.min(Math.max(1, current), Math.max(1, last));
  if (last <= max) return Array.from({ length: Math.max(1, last) }, (_, i) => i + 1);
  if (page <= max - 3) return [...Array.from({ length: max - 2 }, (_, i) => i + 1), 'ellipsis-end', last];
  if (page >= last - max + 4) return [1, 'ellipsis-start', ...Array.from({ length: max - 2 }, (_, i) => last - (max - 3) + i)];
  const half = (max - 5) / 2;
  return [1, 'ellipsis-start', ...Array.from({ length: max - 4 }, (_, i) => page - half + i), 'ellipsis-end', last];
}
