// What the page and the chart's worker (chart.worker.ts) tell each other: plain data, structured-cloned.
import type { ChartWords } from './chart-config';
import type { Series } from './chart-shapes';

/** What one chart shows: everything its configuration is built from, in the worker. */
export interface ChartSpec {
  title: string;
  series: Series[];
  /** The company's today ('YYYY-MM-DD'), marked with the dashed 'Today' line. */
  today: string | null;
  /** A phone-sized screen: a smaller legend and axis labels. */
  narrow: boolean;
  words: ChartWords;
}

/** The pointer events the chart answers (its tooltip), at a position in CSS pixels from the canvas's top left. */
export type ChartPointer = 'mousemove' | 'mouseout' | 'touchstart' | 'touchmove';

export type ToChartWorker =
  | { type: 'draw'; id: number; spec: ChartSpec; width: number; height: number; pixelRatio: number }
  | { type: 'resize'; id: number; width: number; height: number }
  | { type: 'pointer'; id: number; event: ChartPointer; x: number; y: number }
  | { type: 'destroy'; id: number };

export type FromChartWorker =
  /** A drawn chart, the canvas's size in device pixels (transferred: the page only copies it onto its canvas). */
  { type: 'frame'; id: number; bitmap: ImageBitmap } | { type: 'failed'; id: number; message: string };
