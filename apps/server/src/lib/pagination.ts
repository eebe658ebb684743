import type { PaginationMeta } from '@kalinga/contracts/common';

/** Builds the pagination meta (product-rules.md#constants) (current_page, last_page, per_page, total, from, to). */
export function paginationMeta(page: number, perPage: number, total: number): PaginationMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 || (page - 1) * perPage >= total ? null : (page - 1) * perPage + 1;
  const to = from === null ? null : Math.min(page * perPage, total);
  return { current_page: page, last_page: lastPage, per_page: perPage, total, from, to };
}

export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** Escapes LIKE wildcards in a user's search text and wraps it for a contains-match. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
