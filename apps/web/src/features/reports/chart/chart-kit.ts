import type { Chart } from 'chart.js';

let kit: Promise<typeof Chart> | undefined;

/** The next task: lets the browser paint and handle input between two pieces of chart work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Chart.js ready to draw the report charts, loaded once. Its core and its plugins are two chunks imported one
 * after the other, so their evaluation is two shorter tasks instead of one long one (decision 0092). A failed load is
 * forgotten, so the next chart asks again.
 */
export function loadChartKit(): Promise<typeof Chart> {
  kit ??= import('./chart-core')
    .then(async ({ Chart }) => {
      await nextTask();
      await import('./chart-plugins');
      return Chart;
    })
    .catch((error: unknown) => {
      kit = undefined;
      throw error;
    });
  return kit;
}
