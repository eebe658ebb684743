/**
 * Whether a database error is a unique-constraint violation, from either driver: PostgreSQL
 * reports SQLSTATE 23505 (with the constraint's name), better-sqlite3 SQLITE_CONSTRAINT_UNIQUE
 * (with the columns in the message). `hint` narrows it to one constraint (name or a column).
 */
export function isUniqueViolation(error: unknown, hint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };
  const unique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!unique || hint === undefined) return unique;
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')} ${String(e.detail ?? '')}`;
  return text.includes(hint);
}
