// A pawner's ID number as the offline book keeps it (decision 0375): sealed, `bk1:<iv>:<ciphertext>`. This file has
// no cipher in it, so a screen can tell a value it may show from one still sealed without loading one.

export const SEALED_PREFIX = 'bk1:';

/** A plain ID number written to a user's book whose key is not open (the lending screens say it in their words). */
export const BOOK_LOCKED = 'This device cannot keep an ID number until the book is open: sign in again while online.';

/** Whether a stored value is a sealed ID number (else plain text, or nothing). */
export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** The ID number to show or edit: a value that could not be opened (the book still locked) shows as none. */
export function shownIdNumber(value: string | null | undefined): string | null {
  return value === undefined || value === null || isSealed(value) ? null : value;
}
