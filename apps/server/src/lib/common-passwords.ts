import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * NIST SP 800-63B 5.1.1.2: refuse passwords that are commonly used or expected. The list is the
 * 10,000 most frequent leaked passwords as ranked by zxcvbn-ts's common dictionary (about 3,500 of
 * them are 8 characters or longer, the rest are already too short); also one character repeated
 * ('        ', 'aaaaaaaa') and the account's own email.
 */
const LIST_SIZE = 10_000;
let common: Set<string> | null = null;

export function isCommonPassword(password: string, email?: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, LIST_SIZE));
  const lower = password.toLowerCase();
  if (common.has(lower) || new Set(password).size <= 1) return true;
  return email !== undefined && (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0]);
}

/** The field message for a refused password ('password' → 'The password is too common…'). */
export function commonPasswordMessage(field: string): string {
  return `The ${field.replace(/_/g, ' ')} is too common. Please choose a less common one.`;
}
