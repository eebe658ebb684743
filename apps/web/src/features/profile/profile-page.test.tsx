import type { AuthUser } from '@kalinga/contracts/auth';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@kalinga/contracts/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { setUser } from '../../session/auth-store';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { ProfilePage } from './profile-page';

// My record's code, counted when it is loaded (the section itself has its own tests through the browser).
const loaded = vi.hoisted(() => ({ myRecord: 0 }));
vi.mock('./my-record-section', () => {
  loaded.myRecord++;
  return { MyRecordSection: () => <p>My record section</p> };
});

const fetchMock = mockFetchEachTest();
beforeAll(() => initI18n(['profile']));

const STUDENT: AuthUser = { id: 9, name: 'Ana Estudyante', username: 'ana', email: 'ana@x.test', avatar: null, role: 'student', roles: ['student'], permissions: [], user_type: 'student', student_id: 'S-1', department: null, birth_date: null, status: 'active' };

/** Animation frames held until the test says the browser paints. */
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  loaded.myRecord = 0;
  fetchMock.mockImplementation(async () => jsonResponse(200, DEFAULT_NOTIFICATION_PREFERENCES));
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  setUser(STUDENT);
});
afterEach(() => vi.unstubAllGlobals());
const paint = () => frames.splice(0).forEach((cb) => cb(0));
const asked = (path: string) => fetchMock.mock.calls.some(([url]) => String(url).startsWith(path));

describe('My Profile start-up', () => {
  it('draws its sections first and asks for the notification settings and My record only after that paint', async () => {
    renderWithQueries(<ProfilePage />);
    expect(screen.getByText('Screens, emails and letters come to you in this language.')).toBeTruthy();
    // The notification section holds its loading rows, the form's place, meanwhile.
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked('/api/me/notification-preferences')).toBe(false);
    expect(loaded.myRecord).toBe(0);
    expect(screen.queryByText('My record section')).toBeNull();

    paint();
    await screen.findByText('My record section');
    expect(loaded.myRecord).toBe(1);
    await waitFor(() => expect(asked('/api/me/notification-preferences')).toBe(true));
    expect(await screen.findAllByRole('checkbox')).toHaveLength(12);
  });
});
