import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { ReportsPage } from './reports-page';
import { jsonResponse, renderWithQueries, mockFetchEachTest } from '../../test/render';

// jsdom has no canvas or worker: the chart is replaced by a stub that shows what it was given.
vi.mock('./components/daily-chart', () => ({
  DailyChart: ({ title, series, today }: { title: string; series: { label: string }[]; today: string | null }) => (
    <div data-testid="chart">{`${title} | ${series.map((s) => s.label).join(', ')} | today ${today}`}</div>
  ),
}));

const CATEGORY_ROWS = [
  { day: '2026-03-01', count: 2, is_forecast: false, category_title: 'Stress' },
  { day: '2026-03-02', count: 1.5, is_forecast: true, category_title: 'Stress' },
];
const DEPARTMENT_ROWS = [{ day: '2026-03-01', count: 1, is_forecast: false, department: 'N/A' }];

const fetchMock = mockFetchEachTest();

function renderPage() {
  return renderWithQueries(
    <ReportsPage />,
  );
}

const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

beforeAll(() => initI18n(['reports']));

describe('Appointment Reports screen', () => {
  it('shows the title, the filters with their defaults, and each section on its own', async () => {
    let failAge!: () => void;
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('by-category')) return Promise.resolve(jsonResponse(200, CATEGORY_ROWS));
      if (url.includes('by-age')) return new Promise<Response>((resolve) => (failAge = () => resolve(jsonResponse(500, { message: 'Database unavailable' }))));
      return Promise.resolve(jsonResponse(200, []));
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointment Reports (Daily Series)' })).toBeTruthy();
    const period = screen.getByLabelText('Period') as HTMLSelectElement;
    const forecast = screen.getByLabelText('Forecast') as HTMLSelectElement;
    expect(period.value).toBe('last_30_days');
    expect([...period.options].map((o) => o.text)).toEqual(['Last 7 Days', 'Last 30 Days', 'Last 90 Days', 'Last 365 Days']);
    expect(forecast.value).toBe('30');
    expect([...forecast.options].map((o) => [o.text, o.value])).toEqual([['Week', '7'], ['Month', '30'], ['Quarter', '90'], ['Year', '365']]);

    // The age section still loads while the others are done.
    expect(screen.getByText('Loading age data...')).toBeTruthy();
    const chart = await screen.findByTestId('chart');
    expect(chart.textContent).toBe('Daily Appointments by Category | Stress | today 2026-03-01');
    expect(await screen.findByText('No data available for appointments by department for the selected period.')).toBeTruthy();
    expect(screen.getByText('Loading age data...')).toBeTruthy();

    failAge();
    const alert = await within(screen.getByTestId('report-age')).findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.getByTestId('chart')).toBeTruthy();
  });

  it('says under the chart when a forecast rests on little data, and only then', async () => {
    const fresh = [
      { day: '2026-03-01', count: 1, is_forecast: false, category_title: 'Grief' },
      { day: '2026-03-02', count: 0.04, is_forecast: true, lower: 0, upper: 0, history_days: 1, category_title: 'Grief' },
    ];
    const settled = [
      { day: '2026-03-01', count: 1, is_forecast: false, department: 'Finance' },
      { day: '2026-03-02', count: 1.2, is_forecast: true, lower: 0, upper: 3, history_days: 200, department: 'Finance' },
    ];
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('by-category')) return Promise.resolve(jsonResponse(200, fresh));
      if (url.includes('by-department')) return Promise.resolve(jsonResponse(200, settled));
      return Promise.resolve(jsonResponse(200, []));
    });
    renderPage();
    const note = await screen.findByTestId('report-category-little-data');
    expect(note.getAttribute('role')).toBe('note');
    expect(note.textContent).toBe('Little data: the forecast for Grief (1 day) rests on less than four weeks of appointments. Read it as a rough guide.');
    await within(screen.getByTestId('report-department')).findByTestId('chart');
    expect(screen.queryByTestId('report-department-little-data')).toBeNull();
  });

  it("falls back to 'Failed to fetch … data' when a failure has no message", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('', { status: 502 })));
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    // A non-JSON reply carries no server message: the client's generic text is the error's own message.
    expect(screen.getAllByRole('alert')[0].textContent).toContain('An unexpected error occurred');
  });

  it('refetches every section when the period or forecast changes', async () => {
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('by-category')) return Promise.resolve(jsonResponse(200, CATEGORY_ROWS));
      if (url.includes('by-department')) return Promise.resolve(jsonResponse(200, DEPARTMENT_ROWS));
      return Promise.resolve(jsonResponse(200, []));
    });
    renderPage();
    await screen.findAllByTestId('chart');
    // The daily series (the no-show and intake tables below fetch on their own).
    expect(fetchMock.mock.calls.map(([i]) => urlOf(i)).filter((u) => u.includes('-daily')).sort()).toEqual([
      '/api/reports/appointments-by-age-daily?period=last_30_days&forecast_days=30',
      '/api/reports/appointments-by-category-daily?period=last_30_days&forecast_days=30',
      '/api/reports/appointments-by-department-daily?period=last_30_days&forecast_days=30',
    ]);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last_7_days' } });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([i]) => urlOf(i).includes('period=last_7_days&forecast_days=30'))).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Forecast'), { target: { value: '365' } });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([i]) => urlOf(i).includes('period=last_7_days&forecast_days=365'))).toHaveLength(3));
    expect(await screen.findByText('No data available for appointments by age for the selected period.')).toBeTruthy();
  });

  it('offers a CSV download only when a section has data', async () => {
    fetchMock.mockImplementation((input) => Promise.resolve(jsonResponse(200, urlOf(input).includes('by-category') ? CATEGORY_ROWS : [])));
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    await screen.findByTestId('chart');
    const category = screen.getByRole('button', { name: 'Download by category series as CSV' }) as HTMLButtonElement;
    expect(category.disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Download by age group series as CSV' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(category);
    expect(click).toHaveBeenCalledTimes(1);
    expect(await created[0].text()).toBe('day,category_title,count,is_forecast,lower,upper\r\n2026-03-01,Stress,2,false,,\r\n2026-03-02,Stress,1.5,true,,\r\n');
    click.mockRestore();
  });
});
