// What a log line may say of an error (docs/decisions/0366-confidentiality-audit.md): every field the error carries
// except those in which a database repeats the refused row's or key's values. PostgreSQL's `detail` is "Failing row
// contains (…)" with every column of the row (a screening's band and client, a pawner's name) or "Key (…)=(…)";
// `where` and `internalQuery` quote the statement around it. The table, column, constraint and code stay: they say
// what failed without saying whose.

const VALUE_FIELDS = new Set(['detail', 'where', 'internalQuery']);

/** An error as the log writes it. */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A plain object of the error for the log (type, message, stack, its own fields but those above, its cause). */
export function errorForLog(err: Error, depth = 0): LoggedError {
  const out: LoggedError = { type: err.constructor.name, message: err.message, stack: err.stack ?? '' };
  for (const [key, value] of Object.entries(err)) if (!VALUE_FIELDS.has(key)) out[key] = value;
  if (err.cause instanceof Error && depth < 5) out.cause = errorForLog(err.cause, depth + 1);
  else if (err.cause !== undefined) out.cause = err.cause;
  return out;
}

/** The server logger's serializers: `err` as errorForLog writes it. */
export const LOG_SERIALIZERS = {
  // pino hands over whatever was logged under `err`: anything but an error goes as it is.
  err: (err: Error): LoggedError => (err instanceof Error ? errorForLog(err) : (err as unknown as LoggedError)),
};
