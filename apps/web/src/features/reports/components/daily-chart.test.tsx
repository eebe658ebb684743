import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOnDevice, initI18n } from '../../../lib/i18n';
import type { ToChartWorker } from '../chart/chart-messages';
import { DailyChart } from './daily-chart';

// The chart is built and drawn in a worker (decision 0314): the page must never load Chart.js itself. Importing it
// here (on the main thread) marks it loaded; a chart drawn on the page again would fail this file.
const chartJs = vi.hoisted(() => ({ loaded: false }));
vi.mock('chart.js', () => {
  chartJs.loaded = true;
  return {};
});

/** The chart worker, as the page sees it: what it was sent, and a way to answer. */
class StandInWorker {
  static made: StandInWorker[] = [];
  readonly sent: ToChartWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor(readonly url: URL | string) {
    StandInWorker.made.push(this);
  }
  postMessage(message: ToChartWorker): void {
    this.sent.push(message);
  }
  reply(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent);
  }
}

const drawImage = vi.fn();
beforeAll(() => initI18n(['reports']));
beforeEach(() => {
  vi.stubGlobal('Worker', StandInWorker);
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ({ clearRect: vi.fn(), drawImage }) as unknown as CanvasRenderingContext2D);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SERIES = [{ label: 'Stress', points: [{ x: 1, y: 2, forecast: false }] }];

describe('DailyChart (decision 0314)', () => {
  it("sends the chart's data and words to the worker, copies the worker's drawing onto its canvas, and never loads Chart.js on the page", async () => {
    render(<DailyChart title="Daily Appointments by Category" series={SERIES} today="2026-03-01" loadingText="Loading category data..." />);
    const worker = await waitFor(() => {
      const made = StandInWorker.made.at(-1);
      expect(made?.sent.some((m) => m.type === 'draw')).toBe(true);
      return made!;
    });
    expect(String(worker.url)).toMatch(/chart\.worker/);
    const draw = worker.sent.find((m) => m.type === 'draw')!;
    expect(draw).toMatchObject({
      height: 400,
      spec: { title: 'Daily Appointments by Category', series: SERIES, today: '2026-03-01', words: { date: 'Date', count: 'Number of Appointments', today: 'Today' } },
    });
    // Until the first drawing arrives the placeholder says the section is loading; the canvas keeps its label.
    expect(screen.getByTestId('chart-placeholder').textContent).toBe('Loading category data...');
    const canvas = screen.getByRole('img');
    expect(canvas.getAttribute('aria-label')).toBe('Daily Appointments by Category: 1 series, up to today (2026-03-01) with forecasts after it.');

    const bitmap = { width: 600, height: 800, close: vi.fn() };
    act(() => worker.reply({ type: 'frame', id: draw.id, bitmap }));
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0);
    expect(bitmap.close).toHaveBeenCalled();
    expect(screen.queryByTestId('chart-placeholder')).toBeNull();
    expect(chartJs.loaded).toBe(false);
  });

  it('tells the worker to forget the chart when it leaves the screen', async () => {
    const { unmount } = render(<DailyChart title="t" series={SERIES} today={null} loadingText="..." />);
    const worker = await waitFor(() => {
      const made = StandInWorker.made.at(-1);
      expect(made?.sent.some((m) => m.type === 'draw')).toBe(true);
      return made!;
    });
    const { id } = worker.sent.findLast((m) => m.type === 'draw')!;
    unmount();
    expect(worker.sent.at(-1)).toEqual({ type: 'destroy', id });
  });

  it('draws again in the language chosen, with its words', async () => {
    const { rerender } = render(<DailyChart title="Daily Appointments by Category" series={SERIES} today={null} loadingText="..." />);
    const worker = await waitFor(() => StandInWorker.made.at(-1)!);
    await act(() => chooseOnDevice('fil'));
    try {
      rerender(<DailyChart title="Mga Appointment Bawat Araw ayon sa Kategorya" series={SERIES} today={null} loadingText="..." />);
      await waitFor(() => {
        const last = worker.sent.findLast((m) => m.type === 'draw');
        expect(last?.spec.words).toMatchObject({ date: 'Petsa', today: 'Ngayon', locale: 'fil-PH' });
      });
    } finally {
      await act(() => chooseOnDevice('en'));
    }
  });
});
