// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { userKindLabel } from './user-form';

describe('userKindLabel', () => {
  it('shows the registering administrator (personnel with the admin role) as Administrator, others by type', () => {
    expect(userKindLabel({ user_type: 'personnel', roles: ['admin'] })).toBe('Administrator');
    expect(userKindLabel({ user_type: 'counselor', roles: ['counselor', 'admin'] })).toBe('Counselor · Administrator');
    expect(userKindLabel({ user_type: 'personnel', roles: ['personnel'] })).toBe('Personnel');
    expect(userKindLabel({ user_type: 'student', roles: [] })).toBe('Student');
  });
});
