// The chart of one report section. A chart is built only when it is near the viewport, and it is built, laid out
// and drawn in a worker (chart/chart.worker.ts, Chart.js on an OffscreenCanvas): the page's main thread only copies
// each drawing onto its canvas, so opening /reports holds no long chart task (decisions 0092, 0314).
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '../../../lib/i18n';
import { chartWords } from '../chart/chart-words';
import { CHART_HEIGHT, type ChartView, openChartView } from '../chart/chart-view';
import type { Series } from '../report-series';
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
  const t = useT('reports');
  const narrow = useNarrow();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(boxRef);
  const viewRef = useRef<ChartView | null>(null);
  const [drawn, setDrawn] = useState(false);

  // The canvas's chart in the worker lives as long as the canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !canvas) return;
    const view = openChartView(
      canvas,
      () => setDrawn(true),
      (message) => console.error('The chart could not be drawn', message),
    );
    viewRef.current = view;
    return () => {
      view.close();
      viewRef.current = null;
    };
  }, [near]);

  // The words are read at each drawing: a language change changes the title, and the chart is drawn again in it.
  useEffect(() => {
    if (near) viewRef.current?.draw({ title, series, today, narrow, words: chartWords(t) });
  }, [near, title, series, today, narrow, t]);

  const summary = `${title}: ${series.length} series${today ? `, up to today (${today}) with forecasts after it` : ''}.`;
  return (
    <div ref={boxRef} className="relative w-full" style={{ height: CHART_HEIGHT }}>
      {!drawn && <ChartPlaceholder text={loadingText} overlay />}
      <canvas ref={canvasRef} className="block h-full w-full" role="img" aria-label={summary} />
    </div>
  );
}
