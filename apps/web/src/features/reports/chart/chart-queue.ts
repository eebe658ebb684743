// Chart.js builds, lays out and draws a chart in one synchronous call, tens of milliseconds on a phone. Three
// charts built in the same React commit made one long task of ~0.5 s (decision 0092); here each piece of chart work
// runs in a task of its own, in the order asked, with the browser free to paint and handle input in between.

const jobs: (() => void)[] = [];
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runOne, 0);
}

function runOne(): void {
  scheduled = false;
  const job = jobs.shift();
  if (jobs.length > 0) schedule();
  job?.();
}

/**
 * Runs `job` in a later task, one job per task, first asked first run; `next` puts it before the jobs waiting (the
 * second half of a chart that has started). Returns a function that cancels it if it has not run.
 */
export function queueChartWork(job: () => void, { next = false }: { next?: boolean } = {}): () => void {
  if (next) jobs.unshift(job);
  else jobs.push(job);
  schedule();
  return () => {
    const at = jobs.indexOf(job);
    if (at >= 0) jobs.splice(at, 1);
  };
}
