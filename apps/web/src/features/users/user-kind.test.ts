// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, initI18n, t } from '../../lib/i18n';
import { userKindLabel } from './user-form';

beforeAll(() => initI18n(['users']));

describe('userKindLabel', () => {
  it('shows the registering administrator (personnel with the admin role) as Administrator, others by type', () => {
    expect(userKindLabel({ user_type: 'personnel', roles: ['admin'] }, t)).toBe('Administrator');
    expect(userKindLabel({ user_type: 'counselor', roles: ['counselor', 'admin'] }, t)).toBe('Counselor · Administrator');
    expect(userKindLabel({ user_type: 'personnel', roles: ['personnel'] }, t)).toBe('Personnel');
    expect(userKindLabel({ user_type: 'student', roles: [] }, t)).toBe('Student');
  });

  it('says the kinds in Filipino when that is the language in use', async () => {
    await chooseOnDevice('fil');
    expect(userKindLabel({ user_type: 'personnel', roles: ['personnel'] }, t)).toBe('Empleyado');
    expect(userKindLabel({ user_type: 'student', roles: ['student', 'admin'] }, t)).toBe('Estudyante · Administrator');
  });
});
