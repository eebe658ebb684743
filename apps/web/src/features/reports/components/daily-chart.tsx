// The chart of one report section. Chart.js is loaded on first use (chart/chart-kit.ts, chunks of their own, only
// on /reports), a chart is built only when it is near the viewport, and each chart is built and drawn in tasks of
// its own (chart/chart-queue.ts), so the screen's heading, filters and section texts draw first and no chart build
// holds the main thread with another (decision 0092).
import type { Chart, Plugin } from 'chart.js';
import { type RefObject, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { dailyChartConfig } from '../chart/chart-config';
import { loadChartKit } from '../chart/chart-kit';
import { queueChartWork } from '../chart/chart-queue';
import type { Series, SeriesPoint } from '../report-series';
import { ChartPlaceholder } from './chart-placeholder';

export interface DailyChartProps {
  title: string;
  series: Series[];
  /** The company's today ('YYYY-MM-DD'), marked with the dashed 'Today' line. */
  today: string | null;
  /** Read to screen readers until the chart has drawn. */
  loadingText: string;
}

const NARROW = '(max-width: 640px)';
/** True on phone-sized screens, where the legend must stay small enough to leave room for the lines. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = window.matchMedia(NARROW);
      mq.addEventListener('change', notify);
      return () => mq.removeEventListener('change', notify);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

/**
 * True once the element has come into the viewport: a chart further down is built only when the reader scrolls to
 * it (its placeholder shows for the few frames that takes), so opening the screen builds the charts in view and no
 * more (on a phone, one).
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/** A line chart of daily counts with forecasts, 400px high; a box of the same size until it has drawn. */
export function DailyChart({ title, series, today, loadingText }: DailyChartProps) {
  const narrow = useNarrow();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(boxRef);
  const chartRef = useRef<Chart<'line', SeriesPoint[]> | null>(null);
  const [drawn, setDrawn] = useState(false);
  // Whether the chart may draw: false between building a chart and its first draw (see below).
  const mayDraw = useRef({ now: false }).current;
  const config = useMemo(() => dailyChartConfig(title, series, today, narrow), [title, series, today, narrow]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let cancelJob = () => {};
    loadChartKit().then(
      (ChartJS) => {
        if (cancelled) return;
        cancelJob = queueChartWork(() => {
          const canvas = canvasRef.current;
          if (cancelled || !canvas) return;
          const existing = chartRef.current;
          if (existing) {
            mayDraw.now = true;
            existing.data = config.data;
            existing.options = config.options ?? {};
            existing.update();
            setDrawn(true);
            return;
          }
          // A first build is the longest piece of chart work (Chart.js compiles and sets up its scales, legend and
          // plugins on first use): it is split into three tasks: the chart without its lines, then its data, then
          // its first draw (held back until then by a plugin).
          mayDraw.now = false;
          const holdFirstDraw: Plugin<'line'> = { id: 'holdFirstDraw', beforeRender: () => (mayDraw.now ? undefined : false) };
          const chart = new ChartJS<'line', SeriesPoint[]>(canvas, { ...config, data: { datasets: [] }, plugins: [holdFirstDraw] });
          chartRef.current = chart;
          const steps = [
            () => {
              chart.data = config.data;
              chart.update();
            },
            () => {
              mayDraw.now = true;
              chart.render();
              setDrawn(true);
            },
          ];
          const runSteps = () => {
            steps.shift()?.();
            if (steps.length > 0) cancelJob = queueChartWork(runSteps, { next: true });
          };
          cancelJob = queueChartWork(runSteps, { next: true });
        });
      },
      (error: unknown) => console.error('The chart library did not load', error),
    );
    return () => {
      cancelled = true;
      cancelJob();
    };
  }, [config, mayDraw, near]);

  useEffect(
    () => () => {
      chartRef.current?.destroy();
      chartRef.current = null;
    },
    [],
  );

  const summary = `${title}: ${series.length} series${today ? `, up to today (${today}) with forecasts after it` : ''}.`;
  return (
    <div ref={boxRef} className="relative h-[400px] w-full" style={{ height: 400 }}>
      {!drawn && <ChartPlaceholder text={loadingText} overlay />}
      <canvas ref={canvasRef} role="img" aria-label={summary} />
    </div>
  );
}
