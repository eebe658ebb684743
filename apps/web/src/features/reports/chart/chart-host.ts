// The chart worker's work (decision 0314): builds each chart's configuration from the spec the page sends
// (chart-config.ts), draws it with Chart.js on a canvas of its own and sends each drawing back as an ImageBitmap.
// Chart.js, its canvas and the worker's scope come in as arguments, so a Node test can run it with stand-ins.
import type { BasicPlatform, Chart, ChartConfiguration, ChartEvent, Plugin } from 'chart.js';
import { dailyChartConfig } from './chart-config';
import type { FromChartWorker, ToChartWorker } from './chart-messages';
import type { SeriesPoint } from './chart-shapes';

type LineChart = Chart<'line', SeriesPoint[]>;
/** The canvas the worker draws on: an OffscreenCanvas in a browser. */
export type HostCanvas = Pick<OffscreenCanvas, 'width' | 'height' | 'getContext' | 'transferToImageBitmap'>;

export interface ChartHostDeps {
  Chart: new (canvas: HostCanvas, config: ChartConfiguration<'line', SeriesPoint[]>) => LineChart;
  BasicPlatform: typeof BasicPlatform;
  makeCanvas: (width: number, height: number) => HostCanvas;
  post: (message: FromChartWorker, transfer: Transferable[]) => void;
}

type Listener = (event: ChartEvent) => void;

/**
 * Chart.js's platform for a canvas without a page (no DOM events, no resize observer), keeping the listeners
 * Chart.js asks it for, so the pointer events the page forwards reach the chart (its tooltip).
 */
function forwardingPlatform(Base: typeof BasicPlatform) {
  return class ForwardedEvents extends Base {
    readonly listeners = new Map<string, Listener>();
    override addEventListener(_chart: Chart, type: string, listener: Listener): void {
      this.listeners.set(type, listener);
    }
    override removeEventListener(_chart: Chart, type: string): void {
      this.listeners.delete(type);
    }
  };
}

/** Answers the page's messages: one Chart.js chart per id, each drawing posted back as a `frame`. */
export function chartHost({ Chart: ChartJS, BasicPlatform: Base, makeCanvas, post }: ChartHostDeps): (message: ToChartWorker) => void {
  const Platform = forwardingPlatform(Base);
  const charts = new Map<number, { chart: LineChart; platform: InstanceType<typeof Platform> }>();

  function draw(message: Extract<ToChartWorker, { type: 'draw' }>): void {
    const { id, spec, width, height, pixelRatio } = message;
    const built = dailyChartConfig(spec.title, spec.series, spec.today, spec.narrow, spec.words);
    // No page to follow: the size comes from the page's messages, the pixel ratio is the page's.
    const options = { ...built.options, responsive: false, devicePixelRatio: pixelRatio };
    const existing = charts.get(id);
    if (existing) {
      existing.chart.data = built.data;
      existing.chart.options = options;
      // A new size redraws with the new data; the same size needs the update asked for.
      if (existing.chart.width !== width || existing.chart.height !== height) existing.chart.resize(width, height);
      else existing.chart.update();
      return;
    }
    // Each drawing goes to the page as it is made: the canvas's content moves into the bitmap.
    const sendFrames: Plugin<'line'> = {
      id: 'sendFrames',
      afterRender: (chart) => {
        const canvas = chart.canvas as unknown as HostCanvas;
        if (canvas.width === 0 || canvas.height === 0) return;
        const bitmap = canvas.transferToImageBitmap();
        post({ type: 'frame', id, bitmap }, [bitmap]);
      },
    };
    const chart = new ChartJS(makeCanvas(width, height), { ...built, options, plugins: [sendFrames], platform: Platform });
    charts.set(id, { chart, platform: chart.platform as InstanceType<typeof Platform> });
  }

  return (message) => {
    try {
      if (message.type === 'draw') return draw(message);
      const entry = charts.get(message.id);
      if (!entry) return;
      if (message.type === 'resize') entry.chart.resize(message.width, message.height);
      else if (message.type === 'pointer') {
        // Chart.js takes an event that already holds its position ('native' present) as it is; it filters the
        // plugins by the native event's type.
        const native = { type: message.event } as Event;
        entry.platform.listeners.get(message.event)?.({ type: message.event, chart: entry.chart, native, x: message.x, y: message.y } as ChartEvent);
      } else {
        entry.chart.destroy();
        charts.delete(message.id);
      }
    } catch (error) {
      post({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) }, []);
    }
  };
}

/** A dedicated worker's global scope, as far as the host uses it. */
export interface WorkerScope {
  postMessage(message: FromChartWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToChartWorker>) => void) | null;
}

/** Starts the worker: its messages answered by a chart host drawing on OffscreenCanvases. */
export function runChartWorker(scope: WorkerScope, ChartJS: ChartHostDeps['Chart'], Base: typeof BasicPlatform): void {
  const answer = chartHost({
    Chart: ChartJS,
    BasicPlatform: Base,
    makeCanvas: (width, height) => new OffscreenCanvas(width, height),
    post: (message, transfer) => scope.postMessage(message, transfer),
  });
  scope.onmessage = (event) => answer(event.data);
}
