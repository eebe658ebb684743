/** The current instant as stored text (ISO 8601 UTC). One place so tests and code agree on the format. */
export function nowIso(): string {
  return new Date().toISOString();
}
