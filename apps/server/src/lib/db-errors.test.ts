import { describe, expect, it } from 'vitest';
import { clientErrorOf } from './db-errors';

const pgError = (code: string, extra: Record<string, string> = {}) => Object.assign(new Error('db'), { code, ...extra });

describe('database refusals a client caused', () => {
  it('a unique key taken is the field sentence, from either driver', () => {
    const pg = clientErrorOf(pgError('23505', { constraint: 'users_email_key', detail: 'Key (email)=(a@b.c) already exists.' }));
    const lite = clientErrorOf(pgError('SQLITE_CONSTRAINT_UNIQUE', { message: 'UNIQUE constraint failed: users.email' }));
    for (const e of [pg, lite]) {
      expect(e?.statusCode).toBe(422);
      expect(e?.errors).toEqual({ email: ['The email has already been taken.'] });
    }
    const composite = clientErrorOf(pgError('SQLITE_CONSTRAINT_UNIQUE', { message: 'UNIQUE constraint failed: roles.company_id, roles.name' }));
    expect(composite?.errors).toEqual({ name: ['The name has already been taken.'] });
  });

  it('foreign keys are 409; bad values (out of range, NUL, check constraint) are 422', () => {
    expect(clientErrorOf(pgError('23503'))?.statusCode).toBe(409);
    expect(clientErrorOf(pgError('SQLITE_CONSTRAINT_FOREIGNKEY'))?.statusCode).toBe(409);
    for (const code of ['22003', '22P02', '22021', '22001', '22007', '23514', 'SQLITE_CONSTRAINT_CHECK', 'SQLITE_MISMATCH', 'SQLITE_TOOBIG']) {
      expect(clientErrorOf(pgError(code))?.statusCode, code).toBe(422);
    }
  });

  it('anything else stays a server fault', () => {
    for (const e of [new Error('boom'), pgError('ECONNREFUSED'), pgError('42P01'), pgError('23502'), null, 'text']) expect(clientErrorOf(e)).toBeNull();
  });
});
