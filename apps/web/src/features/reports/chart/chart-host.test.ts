// @vitest-environment node
import type { BasicPlatform, ChartConfiguration, ChartEvent } from 'chart.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, t } from '../../../lib/i18n';
import { toSeries } from '../report-series';
import { chartHost, type ChartHostDeps, type HostCanvas } from './chart-host';
import type { ChartSpec, FromChartWorker } from './chart-messages';
import type { SeriesPoint } from './chart-shapes';
import { chartWords } from './chart-words';

beforeAll(() => initI18n(['reports']));

type Config = ChartConfiguration<'line', SeriesPoint[]> & { platform: typeof BasicPlatform };

/** Chart.js's platform base, as far as the host uses it. */
class StandInPlatform {
  addEventListener(): void {}
  removeEventListener(): void {}
}

/**
 * Chart.js as far as the host uses it: it keeps the configuration it was given, asks its platform for the pointer
 * events, and "draws" (runs the plugins' afterRender) when built, updated, resized or answering an event.
 */
class StandInChart {
  static made: StandInChart[] = [];
  readonly platform: StandInPlatform & { addEventListener(chart: unknown, type: string, listener: (e: ChartEvent) => void): void };
  data: Config['data'];
  options: Config['options'];
  width: number;
  height: number;
  destroyed = false;
  events: ChartEvent[] = [];
  constructor(
    readonly canvas: HostCanvas,
    readonly config: Config,
  ) {
    StandInChart.made.push(this);
    this.data = config.data;
    this.options = config.options;
    this.width = canvas.width;
    this.height = canvas.height;
    this.platform = new config.platform() as unknown as StandInChart['platform'];
    for (const type of ['mousemove', 'mouseout']) this.platform.addEventListener(this, type, (e) => this.events.push(e) && this.render());
    this.render();
  }
  render(): void {
    for (const plugin of this.config.plugins ?? []) plugin.afterRender?.(this as never, {} as never, {});
  }
  update(): void {
    this.render();
  }
  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.render();
  }
  destroy(): void {
    this.destroyed = true;
  }
}

function host() {
  StandInChart.made = [];
  const posted: FromChartWorker[] = [];
  let frames = 0;
  const answer = chartHost({
    Chart: StandInChart as unknown as ChartHostDeps['Chart'],
    BasicPlatform: StandInPlatform as unknown as typeof BasicPlatform,
    makeCanvas: (width, height) => ({ width, height, getContext: () => null, transferToImageBitmap: () => ({ frame: ++frames }) as unknown as ImageBitmap }),
    post: (message) => posted.push(message),
  });
  return { answer, posted };
}

const ROWS = [
  { day: '2026-03-01', count: 2, is_forecast: false, category_title: 'Stress' },
  { day: '2026-03-02', count: 1.5, is_forecast: true, lower: 0, upper: 4, category_title: 'Stress' },
];
const spec = (): ChartSpec => ({ title: 'Daily Appointments by Category', series: toSeries('category', ROWS), today: '2026-03-01', narrow: false, words: chartWords(t) });

describe('the chart worker (decision 0314)', () => {
  it("builds the chart's configuration itself from the spec the page sends, at the page's size and pixel ratio, and sends its drawing back", () => {
    const { answer, posted } = host();
    answer({ type: 'draw', id: 7, spec: spec(), width: 640, height: 400, pixelRatio: 2 });
    const [chart] = StandInChart.made;
    expect(chart.canvas).toMatchObject({ width: 640, height: 400 });
    // The configuration (datasets, scales, tooltips with their functions) is made here, not on the page.
    expect(chart.config.data.datasets.map((d) => d.label)).toEqual(['Stress', 'Stress \u200b80% range', 'Stress \u200b80% range']);
    expect(chart.config.options).toMatchObject({ responsive: false, devicePixelRatio: 2, animation: false });
    expect(chart.config.options?.plugins?.title).toMatchObject({ text: 'Daily Appointments by Category' });
    expect(posted).toEqual([{ type: 'frame', id: 7, bitmap: { frame: 1 } }]);
  });

  it('passes the pointer the page forwards to the chart, as an event holding its position, and redraws', () => {
    const { answer, posted } = host();
    answer({ type: 'draw', id: 1, spec: spec(), width: 300, height: 400, pixelRatio: 1 });
    answer({ type: 'pointer', id: 1, event: 'mousemove', x: 240, y: 220 });
    const [chart] = StandInChart.made;
    expect(chart.events).toEqual([expect.objectContaining({ type: 'mousemove', native: { type: 'mousemove' }, x: 240, y: 220 })]);
    expect(posted.filter((m) => m.type === 'frame')).toHaveLength(2);
  });

  it('redraws the same chart with new data or a new size, and forgets it when the page closes it', () => {
    const { answer, posted } = host();
    answer({ type: 'draw', id: 1, spec: spec(), width: 300, height: 400, pixelRatio: 1 });
    answer({ type: 'draw', id: 1, spec: { ...spec(), series: [] }, width: 300, height: 400, pixelRatio: 1 });
    answer({ type: 'resize', id: 1, width: 500, height: 400 });
    expect(StandInChart.made).toHaveLength(1);
    const [chart] = StandInChart.made;
    expect(chart.data.datasets).toEqual([]);
    expect(chart.width).toBe(500);
    answer({ type: 'destroy', id: 1 });
    expect(chart.destroyed).toBe(true);
    answer({ type: 'pointer', id: 1, event: 'mousemove', x: 1, y: 1 });
    expect(posted.filter((m) => m.type === 'frame')).toHaveLength(3);
  });

  it('says when a chart cannot be drawn instead of failing silently', () => {
    const posted: FromChartWorker[] = [];
    const answer = chartHost({
      Chart: class {
        constructor() {
          throw new Error('no 2d context');
        }
      } as unknown as ChartHostDeps['Chart'],
      BasicPlatform: StandInPlatform as unknown as typeof BasicPlatform,
      makeCanvas: (width, height) => ({ width, height, getContext: () => null, transferToImageBitmap: () => ({}) as ImageBitmap }),
      post: (message) => posted.push(message),
    });
    answer({ type: 'draw', id: 3, spec: spec(), width: 300, height: 400, pixelRatio: 1 });
    expect(posted).toEqual([{ type: 'failed', id: 3, message: 'no 2d context' }]);
  });
});
