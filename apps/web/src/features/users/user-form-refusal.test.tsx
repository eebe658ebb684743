import { fireEvent, render, screen } from '@testing-library/react';
import type { User } from '@kalinga/contracts/users';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { initI18n } from '../../lib/i18n';
import { UserForm } from './user-form';

// A refusal with no field messages (a 403 of decisions 0202 and 0358) shows in the box above the user form, in the
// server's words, and the box is brought into view: the Save button that caused it is at the form's foot.

beforeAll(() => initI18n(['users']));
// jsdom has no scrollIntoView; the test gives it one, and takes it away again (the worker's jsdom is shared).
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollIntoView');
afterEach(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', original);
  else Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
});

const USER: User = {
  id: 3,
  name: 'Alma Administrador',
  email: 'alma@example.test',
  avatar: null,
  student_id: null,
  user_type: 'personnel',
  department: null,
  birth_date: null,
  roles: ['admin'],
  permissions: [],
  status: 'active',
  created_at: '2026-11-01T00:00:00.000Z',
  is_trainee: false,
  clinical_supervisor_id: null,
};

const REFUSAL = 'Your account was created by this user, or by an account they created: another administrator must give them clinical access, the access log or clinical supervision.';

describe('the user form, refused', () => {
  it("shows the server's 403 message above the form and scrolls it into view; what was typed stays", async () => {
    const scrolled = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrolled });
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(403, REFUSAL));
    render(<UserForm user={USER} roleNames={['admin', 'privacy officer']} saving={false} onSubmit={onSubmit} onCancel={() => undefined} timeZone="Asia/Manila" />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'privacy officer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update User' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ roles: ['admin', 'privacy officer'] }));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'privacy officer' }).checked).toBe(true);
  });
});

describe("the user form's birth date", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes up to the centre's today, not the device's or UTC's (decision 0373)", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T17:00:00Z')); // 01:00 on 30 November in Manila
    render(<UserForm user={USER} roleNames={['admin']} saving={false} onSubmit={vi.fn()} onCancel={() => undefined} timeZone="Asia/Manila" />);
    expect(screen.getByLabelText<HTMLInputElement>(/birth date/i).max).toBe('2026-11-30');
  });
});
