import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { AttendanceReports } from './attendance-reports';

// The no-show and intake tables show what the server publishes (decision 0212): whole weeks that have ended, counts
// rounded to 5, a count under 5 as "<5", and why.

const fetchMock = mockFetchEachTest();
const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

const RATES = {
  from: '2026-10-26', to: '2026-11-22',
  by_category: [{ group: 'Stress', hidden: false, sessions: 15, no_shows: null, rate: null }],
  by_age: [{ group: '18-21', hidden: false, sessions: 20, no_shows: 5, rate: 0.25 }],
  by_department: [{ group: 'Arts', hidden: true, sessions: null, no_shows: null, rate: null }],
};
const INTAKES = {
  from: '2026-11-16', to: '2026-11-22',
  weeks: [{ week: '2026-11-16', total: 10, hidden: false, phq9: { minimal: 5, mild: null, moderate: null, 'moderately severe': null, severe: null }, gad7: { minimal: 10, mild: null, moderate: null, severe: null } }],
};

beforeAll(() => initI18n(['reports']));

describe('AttendanceReports', () => {
  it('speaks Filipino when that is the language in use', async () => {
    fetchMock.mockImplementation((input) => Promise.resolve(jsonResponse(200, { data: urlOf(input).includes('no-show') ? RATES : INTAKES })));
    await chooseOnDevice('fil');
    try {
      renderWithQueries(<AttendanceReports period="last_30_days" />);
      const rates = screen.getByTestId('report-no-show-rate');
      expect(await within(rates).findByRole('table', { name: 'Ayon sa kategorya' })).toBeTruthy();
      expect(within(rates).getByText(/Nakatago ang mga grupong may mas kaunti sa 5 tao/)).toBeTruthy();
      expect(within(rates).queryByText(/Groups of fewer than/)).toBeNull();
    } finally {
      await chooseOnDevice('en');
    }
  });

  it('shows rounded counts, "<5" for a count left out, hidden groups, and says why', async () => {
    fetchMock.mockImplementation((input) => Promise.resolve(jsonResponse(200, { data: urlOf(input).includes('no-show') ? RATES : INTAKES })));
    renderWithQueries(<AttendanceReports period="last_30_days" />);
    const rates = screen.getByTestId('report-no-show-rate');
    const category = await within(rates).findByRole('table', { name: 'By category' });
    expect(within(category).getByRole('row', { name: /Stress/ }).textContent).toBe('Stress15<5–');
    expect(within(rates).getByRole('table', { name: 'By age group' }).textContent).toContain('25.0 %');
    expect(within(rates).getByRole('table', { name: 'By department' }).textContent).toContain('Hidden');
    expect(rates.textContent).toContain('Groups of fewer than 5 people are hidden so that no one can be singled out.');
    expect(rates.textContent).toContain('Whole weeks that have ended only; numbers are rounded to the nearest 5');
    const intake = screen.getByTestId('report-intake-bands');
    await within(intake).findByRole('region', { name: 'Intake questionnaires by week' });
    expect(within(intake).getAllByTitle('Fewer than 5 (0 to 4)')).toHaveLength(7);
    expect(intake.textContent).toContain('Weeks from');
  });

  it('a week of every band under 5 reads so; a failure offers Retry', async () => {
    let fail = true;
    fetchMock.mockImplementation((input) => {
      if (urlOf(input).includes('no-show')) return Promise.resolve(jsonResponse(200, { data: { ...RATES, by_category: [], by_age: [], by_department: [] } }));
      if (fail) return Promise.resolve(jsonResponse(500, { message: 'Database unavailable' }));
      return Promise.resolve(jsonResponse(200, { data: { ...INTAKES, weeks: [{ week: '2026-11-16', total: null, hidden: true, phq9: {}, gad7: {} }] } }));
    });
    renderWithQueries(<AttendanceReports period="last_7_days" />);
    const intake = screen.getByTestId('report-intake-bands');
    expect(within(intake).getByRole('status').textContent).toContain('Loading');
    expect((await within(intake).findByRole('alert')).textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(intake).getByRole('button', { name: 'Retry' }));
    expect(await within(intake).findByText('Fewer than 5 intake questionnaires in every week of this period.')).toBeTruthy();
  });
});
