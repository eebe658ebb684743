// Forecast accuracy on real public daily count series (bench/forecast-series.ts), rolling origins every 7 days at
// horizons 7, 30, 90 and 365 days. At each origin the forecaster gets what the report gives it: up to 365 days of
// history ending the day before, from the first day with a count in that window (report.service.ts). It is scored by
// mean absolute error against three simple baselines on the same days: seasonal naive (last week repeated), the
// mean of the last 28 days, and each weekday's mean over the last 8 weeks (these read the plain 365-day window);
// and by how many actual days its 80 % interval held, overall and apart on the days whose range was 0–0 and the others
// (on a mostly quiet series the 0–0 days alone can hold more than 85 % of all days); and by the interval (Winkler)
// score of its 80 % intervals against the simple interval: the 10th–90th percentile of the same weekday over the last
// 8 weeks (decision 0213; target: a ratio of at most 1.00 on every series and horizon, met on all 56 since decision
// 0286, whose ends may be fractional). Coverage at least 75 % up to 30 days and 70 % beyond (0286's coverage floor
// beyond a month on large counts). Also the cost of one forecast from 365 days of history.
// Prints figures and the targets met (docs/decisions/0170-forecast-by-horizon.md, 0213, 0286); asserts nothing.
// `npx tsx bench/forecast-accuracy.bench.ts [series-name-filter]`.
import { performance } from 'node:perf_hooks';
import { forecastDaily } from '../apps/server/src/modules/reports/forecast';
import { weekdayPercentileInterval, winklerScore } from '../apps/server/src/modules/reports/forecast-winkler';
import { loadRealSeries, type RealSeries } from './forecast-series';

const HORIZONS = [7, 30, 90, 365] as const;
const STEP = 7;
const FIT_DAYS = 365;
/** The first origin: eight weeks in, so every baseline has its full window. */
const FIRST_ORIGIN = 56;

interface Score {
  days: number;
  ours: number;
  naive: number;
  mean28: number;
  weekday: number;
  covered: number;
  /** Days whose count was the rounded point forecast itself (any interval holding the point covers at least these). */
  exact: number;
  /** Days whose range was 0–0, and how many of them it held (a zero day under 0–0 cannot be held by anything narrower). */
  quiet: number;
  quietCovered: number;
  /** Interval (Winkler) score summed over the days: ours, and the simple interval's. */
  winkler: number;
  winklerSimple: number;
  /** Days the simple interval held. */
  simpleCovered: number;
}

function baselines(window: readonly number[], horizon: number): { naive: number[]; mean28: number[]; weekday: number[] } {
  const n = window.length;
  let s = 0;
  for (let t = n - 28; t < n; t++) s += window[t];
  const m28 = s / 28;
  const wd = Array.from({ length: 7 }, (_, j) => {
    let total = 0;
    for (let w = 1; w <= 8; w++) total += window[n - 7 * w + j];
    return total / 8;
  });
  return {
    naive: Array.from({ length: horizon }, (_, i) => window[n - 7 + (i % 7)]),
    mean28: Array.from({ length: horizon }, () => m28),
    weekday: Array.from({ length: horizon }, (_, i) => wd[i % 7]),
  };
}

function score(series: RealSeries, horizon: number): Score {
  const y = series.counts;
  const total: Score = { days: 0, ours: 0, naive: 0, mean28: 0, weekday: 0, covered: 0, exact: 0, quiet: 0, quietCovered: 0, winkler: 0, winklerSimple: 0, simpleCovered: 0 };
  for (let o = FIRST_ORIGIN; o + horizon <= y.length; o += STEP) {
    const window = y.slice(Math.max(0, o - FIT_DAYS), o);
    const first = window.findIndex((c) => c > 0);
    if (first < 0) continue;
    const ours = forecastDaily(window.slice(first), horizon);
    const base = baselines(window, horizon);
    const simple = weekdayPercentileInterval(window, horizon);
    for (let i = 0; i < horizon; i++) {
      const actual = y[o + i];
      total.days++;
      total.ours += Math.abs(actual - ours.values[i]);
      total.naive += Math.abs(actual - base.naive[i]);
      total.mean28 += Math.abs(actual - base.mean28[i]);
      total.weekday += Math.abs(actual - base.weekday[i]);
      const held = actual >= ours.lower[i] && actual <= ours.upper[i];
      total.winkler += winklerScore(ours.lower[i], ours.upper[i], actual);
      total.winklerSimple += winklerScore(simple.lower[i], simple.upper[i], actual);
      if (actual >= simple.lower[i] && actual <= simple.upper[i]) total.simpleCovered++;
      if (held) total.covered++;
      if (actual === Math.round(ours.values[i])) total.exact++;
      if (ours.upper[i] === 0) {
        total.quiet++;
        if (held) total.quietCovered++;
      }
    }
  }
  return total;
}

/**
 * Milliseconds per forecast from 365 days of history, by wall clock and by this process's CPU time (on a shared,
 * busy machine the wall clock also counts time spent waiting for a core; the CPU time is the forecast's own cost).
 */
function timing(all: readonly RealSeries[], horizon: number): { wall: number; cpu: number } {
  const histories = all.flatMap((s) => [s.counts.slice(400, 765), s.counts.slice(800, 1165)]).filter((h) => h.length === 365);
  for (const h of histories) forecastDaily(h, horizon); // warm-up
  const rounds = 20;
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const h of histories) forecastDaily(h, horizon);
  const used = process.cpuUsage(cpu);
  const runs = rounds * histories.length;
  return { wall: (performance.now() - start) / runs, cpu: (used.user + used.system) / 1000 / runs };
}

const f = (x: number, d = 3) => x.toFixed(d);
const share = (part: number, whole: number) => (whole > 0 ? `${f((part / whole) * 100, 1)} %` : '-');
const filter = process.argv[2];
const all = loadRealSeries();
const chosen = all.filter((s) => !filter || s.name.includes(filter));
const failures: string[] = [];

console.log('Forecast accuracy on real daily count series: rolling origins every 7 days; MAE ratios (ours / baseline), < 1 is better.');
for (const s of chosen) {
  const mean = s.counts.reduce((a, b) => a + b, 0) / s.counts.length;
  const zeros = s.counts.filter((c) => c === 0).length / s.counts.length;
  console.log(`\n${s.name}: ${s.description}; ${s.counts.length} days from ${s.start}, mean ${f(mean, 2)}/day, ${f(zeros * 100, 0)} % zero days`);
  console.log('  horizon  origins-days  MAE ours   vs naive  vs mean28  vs weekday  vs best  80% covered  point exact  0–0 days  held: 0–0 / other  Winkler ours / simple (simple covered)');
  for (const h of HORIZONS) {
    const r = score(s, h);
    const best = Math.min(r.naive, r.mean28, r.weekday);
    const coverage = r.covered / r.days;
    console.log(
      `  ${String(h).padStart(7)}  ${String(r.days).padStart(12)}  ${f(r.ours / r.days).padStart(8)}  ${f(r.ours / r.naive).padStart(9)}  ${f(r.ours / r.mean28).padStart(9)}  ${f(r.ours / r.weekday).padStart(10)}  ${f(r.ours / best).padStart(7)}  ${f(coverage * 100, 1).padStart(10)} %  ${f((r.exact / r.days) * 100, 1).padStart(9)} %  ${f((r.quiet / r.days) * 100, 1).padStart(6)} %  ${share(r.quietCovered, r.quiet)} / ${share(r.covered - r.quietCovered, r.days - r.quiet)}  ${f(r.winkler / r.winklerSimple)} (${share(r.simpleCovered, r.days)})`,
    );
    const miss = (what: string) => failures.push(`${s.name} h${h}: ${what}`);
    if (r.winkler > r.winklerSimple) miss(`Winkler score ${f(r.winkler / r.winklerSimple)}x the simple interval's (target <= 1.00)`);
    if (h <= 30) {
      if (r.ours > r.naive) miss(`MAE ${f(r.ours / r.naive)}x seasonal naive (target <= 1.00)`);
      if (r.ours > 1.03 * best) miss(`MAE ${f(r.ours / best)}x the best baseline (target <= 1.03)`);
      // No upper bound since decision 0213: on whole counts the interval with the best score holds more than 80 % (a
      // quiet day's 0–0 holds every zero), and the score punishes a range wider than it needs.
      if (coverage < 0.75) miss(`coverage ${f(coverage * 100, 1)} % (target >= 75 %)`);
    } else {
      if (r.ours > r.mean28) miss(`MAE ${f(r.ours / r.mean28, 4)}x the 28-day mean (target <= 1.00)`);
      // Decision 0286: a coverage floor beyond a month on large counts.
      if (coverage < 0.7) miss(`coverage ${f(coverage * 100, 1)} % (target >= 70 %)`);
    }
  }
}

console.log('\nOne forecast from 365 days of history (target < 2 ms; on a busy shared host compare with the previous commit in the same run):');
for (const h of HORIZONS) {
  const { wall, cpu } = timing(all, h);
  console.log(`  horizon ${String(h).padStart(3)}: ${f(cpu)} ms of CPU time (${f(wall)} ms by the wall clock)`);
  if (cpu >= 2) failures.push(`forecast at ${h} days: ${f(cpu)} ms of CPU time (target < 2 ms)`);
}
console.log(failures.length ? `\nTargets missed (${failures.length}):\n  ${failures.join('\n  ')}` : '\nEvery target met.');
