// The page's side of a report chart (decision 0314): the chart is built and drawn in a worker (chart.worker.ts);
// here each drawing the worker sends is copied onto the page's canvas (one drawImage), the canvas's size is
// followed and the pointer's moves over it are forwarded, so the tooltip answers as before.
import type { ChartPointer, ChartSpec, FromChartWorker, ToChartWorker } from './chart-messages';

/** The chart's height in CSS pixels (its box is 400 px high, decision 0092). */
export const CHART_HEIGHT = 400;

export interface ChartView {
  /** Builds or rebuilds the chart from `spec`, in the worker. */
  draw(spec: ChartSpec): void;
  close(): void;
}

let worker: Worker | undefined;
let nextId = 1;
const views = new Map<number, { frame: (bitmap: ImageBitmap) => void; failed: (message: string) => void }>();

/** The one worker every chart on the page shares, started at the first chart or by startChartWorker. */
function chartWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./chart.worker.ts', import.meta.url), { type: 'module', name: 'charts' });
    worker.onmessage = (event: MessageEvent<FromChartWorker>) => {
      const reply = event.data;
      const view = views.get(reply.id);
      if (reply.type === 'frame') {
        if (view) view.frame(reply.bitmap);
        else reply.bitmap.close();
      } else view?.failed(reply.message);
    };
    worker.onerror = (event) => {
      console.error('The chart worker failed', event.message);
      for (const view of views.values()) view.failed(event.message);
    };
  }
  return worker;
}

/** Starts the charts' worker ahead of the first chart: it loads Chart.js while the reports are fetched. */
export function startChartWorker(): void {
  if (typeof Worker !== 'undefined') chartWorker();
}

function send(message: ToChartWorker): void {
  chartWorker().postMessage(message);
}

/** A chart on `canvas`, drawn by the worker; `onDrawn` is called at each drawing copied onto it. */
export function openChartView(canvas: HTMLCanvasElement, onDrawn: () => void, onFailed: (message: string) => void): ChartView {
  const id = nextId++;
  const width = () => Math.max(1, Math.round(canvas.clientWidth));
  views.set(id, {
    frame: (bitmap) => {
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
      }
      const context = canvas.getContext('2d');
      if (context) {
        context.clearRect(0, 0, canvas.width, canvas.height);
        context.drawImage(bitmap, 0, 0);
      }
      bitmap.close();
      onDrawn();
    },
    failed: onFailed,
  });

  // The pointer's last position, sent once per frame (a mouse reports more often than the chart can redraw).
  let pending: { event: ChartPointer; x: number; y: number } | null = null;
  let frameAsked = false;
  const point = (event: ChartPointer, clientX: number, clientY: number) => {
    const box = canvas.getBoundingClientRect();
    pending = { event, x: clientX - box.left, y: clientY - box.top };
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() => {
      frameAsked = false;
      if (pending) send({ type: 'pointer', id, ...pending });
      pending = null;
    });
  };
  const onMouse = (event: MouseEvent) => point('mousemove', event.clientX, event.clientY);
  const onLeave = (event: MouseEvent) => point('mouseout', event.clientX, event.clientY);
  const onTouch = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (touch) point('mousemove', touch.clientX, touch.clientY);
  };
  canvas.addEventListener('mousemove', onMouse);
  canvas.addEventListener('mouseout', onLeave);
  canvas.addEventListener('touchstart', onTouch, { passive: true });
  canvas.addEventListener('touchmove', onTouch, { passive: true });

  // The box's width follows the screen's; the worker redraws at the new size.
  let sentWidth = 0;
  const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => {
    const now = width();
    if (sentWidth === 0 || now === sentWidth) return;
    sentWidth = now;
    send({ type: 'resize', id, width: now, height: CHART_HEIGHT });
  });
  resized?.observe(canvas);

  return {
    draw(spec) {
      sentWidth = width();
      send({ type: 'draw', id, spec, width: sentWidth, height: CHART_HEIGHT, pixelRatio: window.devicePixelRatio || 1 });
    },
    close() {
      resized?.disconnect();
      canvas.removeEventListener('mousemove', onMouse);
      canvas.removeEventListener('mouseout', onLeave);
      canvas.removeEventListener('touchstart', onTouch);
      canvas.removeEventListener('touchmove', onTouch);
      views.delete(id);
      send({ type: 'destroy', id });
    },
  };
}
