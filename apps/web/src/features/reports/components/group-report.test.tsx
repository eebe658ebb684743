import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { GroupReportSection } from './group-report';

// The groups report on the Reports screen (decision 0281): ended months, a null count as "<5", small groups left out
// by the server, the year chosen, and the loading, empty and failed states.

const fetchMock = mockFetchEachTest();
const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

const REPORT = {
  year: 2026,
  months: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'],
  by_category: [
    { category: 'Anxiety', month: '2026-09', sessions_held: 4, seats_offered: 32, seats_filled: 25, attendance_recorded: 30, attendance_rate: 0.833 },
    { category: 'Grief', month: '2026-10', sessions_held: 1, seats_offered: 8, seats_filled: null, attendance_recorded: null, attendance_rate: null },
  ],
  signups_by_department: [{ group: 'Engineering', signups: 10 }],
  signups_by_age: [],
};

beforeAll(() => initI18n(['reports', 'groups']));

describe('GroupReportSection', () => {
  it('shows sessions by month and category with "<5" for a hidden count, and the sign-ups', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { data: REPORT })));
    renderWithQueries(<GroupReportSection thisYear={2026} />);
    const section = screen.getByTestId('report-groups');
    const table = await within(section).findByRole('table', { name: 'Group sessions by month and category' });
    expect(within(table).getByRole('row', { name: /Anxiety/ }).textContent).toBe('September 2026Anxiety4322583.3 %');
    expect(within(table).getByRole('row', { name: /Grief/ }).textContent).toBe('October 2026Grief18<5–');
    expect(within(section).getByRole('table', { name: 'Workshop sign-ups by department' }).textContent).toContain('Engineering10');
    expect(within(section).getByRole('table', { name: 'Workshop sign-ups by age group' }).textContent).toContain('No sign-ups to show.');
    expect(section.textContent).toContain('Groups of fewer than 5 people are hidden');
    expect(urlOf(fetchMock.mock.calls[0][0])).toContain('year=2026');
  });

  it('asks for the year chosen and says when nothing was held', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(jsonResponse(200, { data: urlOf(input).includes('year=2025') ? { ...REPORT, year: 2025, by_category: [], signups_by_department: [] } : REPORT })),
    );
    renderWithQueries(<GroupReportSection thisYear={2026} />);
    const section = screen.getByTestId('report-groups');
    await within(section).findByRole('table', { name: 'Group sessions by month and category' });
    fireEvent.change(within(section).getByLabelText('Year'), { target: { value: '2025' } });
    expect(await within(section).findByText('No group sessions or workshop sign-ups in the months of 2025 that have ended.')).toBeTruthy();
  });

  it('a failure offers Retry, and a year with no ended month says so', async () => {
    let fail = true;
    fetchMock.mockImplementation(() =>
      Promise.resolve(fail ? jsonResponse(500, { message: 'Database unavailable' }) : jsonResponse(200, { data: { ...REPORT, months: [], by_category: [], signups_by_department: [], signups_by_age: [] } })),
    );
    renderWithQueries(<GroupReportSection thisYear={2026} />);
    const section = await screen.findByTestId('report-groups');
    expect((await within(section).findByRole('alert')).textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('No month of 2026 has ended yet.')).toBeTruthy();
  });

  it('speaks Filipino when that is the language in use', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { data: REPORT })));
    await chooseOnDevice('fil');
    try {
      renderWithQueries(<GroupReportSection thisYear={2026} />);
      expect(await screen.findByRole('table', { name: 'Mga session ng grupo ayon sa buwan at kategorya' })).toBeTruthy();
      expect(screen.queryByText(/Group sessions by month/)).toBeNull();
    } finally {
      await chooseOnDevice('en');
    }
  });
});
