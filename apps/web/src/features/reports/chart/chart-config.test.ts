// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chooseOnDevice, initI18n, t } from '../../../lib/i18n';
import { toSeries } from '../report-series';
import { BAND_SUFFIX, bandAlpha, dailyChartConfig } from './chart-config';
import { dayToTime } from './chart-shapes';
import { chartWords } from './chart-words';

const ROWS = [
  { day: '2026-03-01', count: 2, is_forecast: false, category_title: 'Stress' },
  { day: '2026-03-02', count: 1.5, is_forecast: true, lower: 0, upper: 4, history_days: 40, category_title: 'Stress' },
  { day: '2026-03-01', count: 1, is_forecast: false, category_title: 'Grief' },
];

// The describe block builds its chart when collected: the messages are loaded first.
await initI18n(['reports']);

describe('dailyChartConfig (docs/product-rules.md#reports)', () => {
  const config = dailyChartConfig('Daily Appointments by Category', toSeries('category', ROWS), '2026-03-01', false, chartWords(t));
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

  it("names the axis's and the tooltip's months in the language its words were made in", async () => {
    const dayFormats = (o: typeof options) => ({
      axis: (o.scales?.x as { ticks: { callback: (value: number) => string } }).ticks.callback,
      tooltip: o.plugins?.tooltip?.callbacks?.title as unknown as (items: { parsed: { x: number } }[]) => string,
    });
    const march = dayToTime('2026-03-01');
    const june = dayToTime('2026-06-05');
    const english = dayFormats(options);
    expect(english.axis(march)).toBe('Mar 01');
    expect(english.tooltip([{ parsed: { x: march } }])).toBe('Mar 01, 2026');
    await chooseOnDevice('fil');
    try {
      const filipino = dayFormats(dailyChartConfig('t', toSeries('category', ROWS), '2026-03-01', false, chartWords(t)).options!);
      expect(filipino.axis(june)).toMatch(/^Hun 05$/);
      expect(filipino.tooltip([{ parsed: { x: june } }])).toMatch(/^Hun 05, 2026$/);
    } finally {
      await chooseOnDevice('en');
    }
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

  it("draws each forecast's 80 % range as a faint band behind the lines, left out of the legend and the tooltip", () => {
    const bands = config.data.datasets.filter((d) => d.label?.endsWith(BAND_SUFFIX));
    // Stress has a forecast with a range: an upper edge filled down to a lower edge. Grief has no forecast: no band.
    expect(bands).toHaveLength(2);
    const [upper, lower] = bands;
    expect(upper.fill).toBe('+1');
    expect(upper.data.map((p) => p.y)).toEqual([4]);
    expect(lower.data.map((p) => p.y)).toEqual([0]);
    // Two series: 0.14 / √2 ≈ 0.099; a dozen get the floor of 0.05.
    expect(upper.backgroundColor).toMatch(/, 0\.099\)$/);
    expect(bandAlpha(1)).toBe(0.14);
    expect(bandAlpha(12)).toBe(0.05);
    expect(upper.pointRadius).toBe(0);
    expect(config.data.datasets.indexOf(lower)).toBe(config.data.datasets.indexOf(upper) + 1);
    const stress = config.data.datasets.find((d) => d.label === 'Stress')!;
    expect((upper.order ?? 0) > (stress.order ?? 0)).toBe(true);
    const legendFilter = options.plugins?.legend?.labels?.filter as (item: { text: string }) => boolean;
    expect(legendFilter({ text: 'Stress' })).toBe(true);
    expect(legendFilter({ text: upper.label! })).toBe(false);
    const tooltipFilter = options.plugins?.tooltip?.filter as (item: { dataset: { label?: string } }) => boolean;
    expect(tooltipFilter({ dataset: { label: upper.label } })).toBe(false);
    expect(tooltipFilter({ dataset: { label: 'Stress' } })).toBe(true);
  });

  it('says the range in the tooltip of a forecast point', () => {
    const label = options.plugins?.tooltip?.callbacks?.label as unknown as (ctx: unknown) => string | string[];
    const stress = toSeries('category', ROWS)[0];
    expect(label({ dataset: { label: 'Stress' }, parsed: { y: 1.5 }, raw: stress.points[1] })).toEqual(['Stress: 1.5 (forecast)', '80% range: 0–4']);
    expect(label({ dataset: { label: 'Stress' }, parsed: { y: 2 }, raw: stress.points[0] })).toBe('Stress: 2');
  });

  it('has no Today line when there is no real day', () => {
    const none = dailyChartConfig('t', [], null, true, chartWords(t));
    expect(none.options?.plugins?.annotation?.annotations).toEqual({});
  });
});
