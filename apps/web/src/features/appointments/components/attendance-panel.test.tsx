import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotMarkup } from '../../../last-screen/keep';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { AttendancePanel } from './attendance-panel';

// A client's attendance is clinical (decision 0200): shown in the Appointments list to the session's counselor, and
// never in the kept copy of that screen, which stays in the browser's storage until sign-out (decision 0366).

beforeAll(() => initI18n(['appointments']));
const fetchMock = mockFetchEachTest();

describe('the attendance panel and the kept screen', () => {
  it('is on screen, but the kept copy of the screen holds nothing of it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { since: '2026-07-01', sessions: 3, no_shows: 2, late_cancellations: 1, missed_in_a_row: 2, limit: 2 } }));
    const { container } = renderWithQueries(
      <main>
        <h1>Appointments</h1>
        <AttendancePanel uuid="5353e686-1611-4a20-b431-855698dd41fe" clientName="Zelda Quillfeather" />
      </main>,
    );
    await waitFor(() => expect(screen.getByText(/Zelda Quillfeather/)).toBeTruthy());
    expect(container.textContent).toMatch(/2/);
    const kept = snapshotMarkup(container);
    expect(kept).toContain('Appointments');
    expect(kept).not.toContain('Quillfeather');
    expect(kept).not.toMatch(/no-show|late/i);
  });
});
