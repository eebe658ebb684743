import { type Language, type ServerMessageKey, t } from './i18n';

// What a clinical grant gave (decision 0202), kept as a message key and its values (migration 046, decision 0318):
// written by users/clinical-access.ts, said in the reader's language by the access log's grants list.

export const GRANT_KEYS = ['clinicalGrant.roles', 'clinicalGrant.accessLog', 'clinicalGrant.throughRole', 'clinicalGrant.supervisor', 'clinicalGrant.passwordSet'] as const satisfies readonly ServerMessageKey[];
export type GrantKey = (typeof GRANT_KEYS)[number];

function isGrantKey(value: string | null): value is GrantKey {
  return (GRANT_KEYS as readonly (string | null)[]).includes(value);
}

/** A grant's columns: its English `what` and the key and values that say it in any language. */
export function grantColumns(key: GrantKey, values: Record<string, string>): { what: string; what_key: string; what_values: string } {
  return { what: t('en', key, values), what_key: key, what_values: JSON.stringify(values) };
}

/** What the row records: a password an administrator set (decision 0358), or access given. */
export function grantKind(whatKey: string | null): 'grant' | 'password_set' {
  return whatKey === 'clinicalGrant.passwordSet' ? 'password_set' : 'grant';
}

/** A grant's "what" in `language`; a row from before migration 046 (no key) shows its English as stored. */
export function grantWhat(language: Language, row: { what: string; what_key: string | null; what_values: string | null }): string {
  if (!isGrantKey(row.what_key) || row.what_values === null) return row.what;
  try {
    return t(language, row.what_key, JSON.parse(row.what_values) as Record<string, string>);
  } catch {
    return row.what; // values that no longer parse: the English kept with them
  }
}
