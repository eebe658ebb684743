// The vault's shared rules (docs/decisions/0308-vault-tags-and-places.md, 0309-vault-counts.md): how a tag number
// is written and proposed, and what a count finds. Pure, imported by the server and the device alike.

/** Where an item sits in a branch's vault. */
export const PLACE_KINDS = ['vault', 'drawer', 'tray'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A tag as stored and printed: 3 to 24 capital letters, digits and inner dashes. */
export const TAG_PATTERN = /^[0-9A-Z](?:[0-9A-Z-]{1,22})[0-9A-Z]$/;

/** Crockford's base 32: no I, L, O or U, so a typed tag is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A tag as the clerk typed or a scanner read it, in capitals and without spaces (TAG_PATTERN then judges it). */
export function normalizeTag(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, '');
}

/**
 * The tag proposed for a new item: 8 Crockford characters (40 bits) from its uuid's random part, as XXXX-XXXX.
 * Made on the device, so a label prints offline; the server's unique index refuses the rare repeat (decision 0308).
 */
export function proposedTag(uuid: string): string {
  const hex = uuid.replace(/-/g, '').slice(0, 10);
  let bits = BigInt(`0x${hex.padEnd(10, '0')}`);
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = CROCKFORD[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/** An item as a count weighs it: its tag and what to show of it. */
export interface CountedItem {
  uuid: string;
  tag_number: string;
  description: string;
}

export interface CountResult<T extends CountedItem> {
  /** Expected and scanned. */
  present: T[];
  /** Expected (in the vault by the book) and not scanned. */
  missing: T[];
  /** Scanned tags the book does not expect in this vault: unknown, redeemed, sold or elsewhere. */
  unexpected: string[];
}

/** The item statuses that sit in the vault: pawned, forfeited and waiting for sale. */
export const IN_VAULT_STATUSES = ['pawned', 'forfeited', 'for_sale'] as const;

/** Compares the tags scanned with the items expected: each scanned tag counts once, whatever its spelling. */
export function compareCount<T extends CountedItem>(expected: readonly T[], scanned: readonly string[]): CountResult<T> {
  const seen = new Set(scanned.map(normalizeTag).filter((t) => t !== ''));
  const byTag = new Map(expected.map((item) => [normalizeTag(item.tag_number), item]));
  const present: T[] = [];
  const missing: T[] = [];
  for (const [tag, item] of byTag) (seen.has(tag) ? present : missing).push(item);
  const unexpected = [...seen].filter((tag) => !byTag.has(tag)).sort();
  const byTagText = (a: T, b: T) => a.tag_number.localeCompare(b.tag_number);
  return { present: present.sort(byTagText), missing: missing.sort(byTagText), unexpected };
}
