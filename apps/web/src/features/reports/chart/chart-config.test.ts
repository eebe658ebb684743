import { describe, expect, it } from 'vitest';
import { dayToTime, toSeries } from '../report-series';
import { dailyChartConfig } from './chart-config';

const ROWS = [
  { day: '2026-03-01', count: 2, is_forecast: false, category_title: 'Stress' },
  { day: '2026-03-02', count: 1.5, is_forecast: true, category_title: 'Stress' },
  { day: '2026-03-01', count: 1, is_forecast: false, category_title: 'Grief' },
];

describe('dailyChartConfig (spec section 2, Reports)', () => {
  const config = dailyChartConfig('Daily Appointments by Category', toSeries('category', ROWS), '2026-03-01', false);
  const options = config.options!;

  it('draws a time axis by day and a count axis from zero, with the spec titles and formats', () => {
    expect(config.type).toBe('line');
    expect(options.scales?.x).toMatchObject({
      type: 'time',
      time: { unit: 'day', displayFormats: { day: 'MMM dd' }, tooltipFormat: 'MMM dd, yyyy' },
      title: { display: true, text: 'Date' },
    });
    expect(options.scales?.y).toMatchObject({ beginAtZero: true, title: { display: true, text: 'Number of Appointments' } });
    expect(options.plugins?.legend?.position).toBe('top');
    expect(options.plugins?.title).toMatchObject({ display: true, text: 'Daily Appointments by Category' });
    expect(options.maintainAspectRatio).toBe(false);
  });

  it("marks today with a dashed line labelled 'Today' and makes forecast points fainter", () => {
    const today = options.plugins?.annotation?.annotations as Record<string, { xMin: number; borderDash: number[]; label: { content: string } }>;
    expect(today.today.xMin).toBe(dayToTime('2026-03-01'));
    expect(today.today.borderDash).toEqual([6, 6]);
    expect(today.today.label.content).toBe('Today');
    const stress = config.data.datasets.find((d) => d.label === 'Stress')!;
    const [real, forecast] = stress.pointBackgroundColor as string[];
    expect(real).toMatch(/, 0\.9\)$/);
    expect(forecast).toMatch(/, 0\.5\)$/);
  });

  it('draws without animation and hands Chart.js points it need not parse: sorted {x, y} with x a number', () => {
    expect(options.animation).toBe(false);
    expect(options.parsing).toBe(false);
    for (const dataset of config.data.datasets) {
      const xs = dataset.data.map((p) => p.x);
      expect(xs.every((x) => typeof x === 'number')).toBe(true);
      expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    }
  });

  it('has no Today line when there is no real day', () => {
    const none = dailyChartConfig('t', [], null, true);
    expect(none.options?.plugins?.annotation?.annotations).toEqual({});
  });
});
