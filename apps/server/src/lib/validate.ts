import type { z } from 'zod';
import { unprocessable } from './http-errors';

/** Validates data that did not pass through a route schema (multipart fields); failures become 422 with field messages. */
export function validate<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'body';
    (errors[key] ??= []).push(issue.message);
  }
  throw unprocessable(errors);
}
