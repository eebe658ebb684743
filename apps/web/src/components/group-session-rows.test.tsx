import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../test/render';
import { GroupSessionRows } from './group-session-rows';

// A member's group sessions in the Appointments list (decision 0283): read-only rows marked as a group session;
// nothing when there are none; a failure offers Retry.

const fetchMock = mockFetchEachTest();

const SESSION = { group_uuid: 'g1', group_name: 'Managing Exam Anxiety', kind: 'closed', session_uuid: 's1', index: 3, total: 6, starts_at: '2026-12-21T08:00:00.000Z', duration_minutes: 60, location_type: 'on-site', location: 'Room 2' };

beforeAll(() => initI18n(['groups']));

describe('GroupSessionRows', () => {
  it('lists each session marked as a group session, with no button to change it', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { data: [SESSION] })));
    renderWithQueries(<GroupSessionRows timeZone="Asia/Manila" />);
    const section = await screen.findByTestId('appointment-group-sessions');
    const row = within(section).getByRole('listitem');
    expect(row.textContent).toContain('Group session');
    expect(row.textContent).toContain('Managing Exam Anxiety');
    expect(row.textContent).toContain('session 3 of 6');
    expect(row.textContent).toContain('On-site: Room 2');
    expect(within(section).queryAllByRole('button')).toHaveLength(0);
  });

  it('draws nothing when there are none, and offers Retry after a failure', async () => {
    let fail = true;
    fetchMock.mockImplementation(() => Promise.resolve(fail ? jsonResponse(500, { message: 'down' }) : jsonResponse(200, { data: [] })));
    const { container } = renderWithQueries(<GroupSessionRows timeZone={undefined} />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    await expect.poll(() => container.querySelector('[role="alert"]')).toBeNull();
    expect(screen.queryByTestId('appointment-group-sessions')).toBeNull();
  });
});
