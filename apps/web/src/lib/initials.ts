// Apart from dates.ts so the signed-in frame's avatar brings no date library with it (decision 0098).

/** Up to two initials from the first letters of the name's words; '?' without a name. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
