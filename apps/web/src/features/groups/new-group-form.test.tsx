import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { NewGroupForm } from './new-group-form';

// The co-facilitator runs the group too, so the picker offers only clinicians (decisions 0340, 0352): the server's
// list of them, never the centre's counselors by type (an administrator typed counselor is no clinician).

const fetchMock = mockFetchEachTest();
beforeAll(() => initI18n(['groups']));

describe('New group: the co-facilitator picker', () => {
  it("offers the server's clinicians and no other counselor", async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/groups/co-facilitators')) return jsonResponse(200, { data: [{ id: 12, name: 'Dr. Carmen Villanueva' }] });
      if (url.startsWith('/api/users')) {
        return jsonResponse(200, { data: [{ id: 12, name: 'Dr. Carmen Villanueva' }, { id: 13, name: 'Admin Typed Counselor' }], meta: { current_page: 1, last_page: 1, per_page: 100, total: 2 } });
      }
      return jsonResponse(200, { data: [] });
    });
    renderWithQueries(<NewGroupForm timeZone="Asia/Manila" onCreated={() => undefined} />);
    const picker = screen.getByLabelText('Co-facilitator');
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Dr. Carmen Villanueva']));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/users'))).toBe(false);
  });
});
