import { errorReplySchema } from '@kalinga/contracts/common';
import { z } from 'zod';
import { needs } from '../../lib/auth-context';

// Shared pieces of the lending routes: permissions, OpenAPI tags, uuid parameters, error replies.

export const canView = needs('view lending');
export const canManage = needs('manage lending');

export const common = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });

/** Junk in a uuid parameter is 422 before any query (docs/decisions/0076-input-limits.md). */
export const uuidParams = z.object({ uuid: z.uuid('The uuid must be a valid UUID.') });

export const readErrors = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };
export const writeErrors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
