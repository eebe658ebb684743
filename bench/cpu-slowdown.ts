// The CPU slowdown that makes this host a mid-tier phone, for LIGHTHOUSE_CPU_SLOWDOWN=calibrate in the Lighthouse bench
// (decision 0392; the bench's default stays the preset's 4x, the measure). Lighthouse's mobile preset slows the CPU
// by a constant 4x, which turns a desktop of benchmark index ~1,500 into the mid-tier phone its targets are for; its
// documentation (docs/throttling.md, "Calibrating the CPU slowdown") asks for a multiplier calibrated from the host's
// benchmark index when the host is not such a desktop, and Lighthouse itself warns below an index of 1,000. The
// multiplier follows the Lighthouse team's calculator (lighthouse-cpu-throttling-calculator): 2x at 800, 3x at 1,300,
// 4x at 1,533, 6x at 2,000, 1x at 150, its line extended past 2,000 as the calculator does. A faster host is slowed
// more than 4x, a slower one less. The line is not proportional to the index, so two hosts measure only roughly the
// same phone.
import type { Page } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The multiplier for a host of `benchmarkIndex` (Lighthouse's own index, higher is faster). */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`No benchmark index to calibrate from: ${benchmarkIndex}`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/**
 * Lighthouse's benchmark index of this host, measured `times` times in `page` (about a second each) and the median
 * taken: one measure varied from 920 to 2,100 on a 2-core host with the app's server beside it.
 */
export async function hostBenchmarkIndex(page: Page, times = 5): Promise<{ median: number; all: number[] }> {
  const all: number[] = [];
  // Evaluated as source text: the bench's compiler would otherwise wrap the function's inner functions in a helper
  // the page does not have.
  for (let i = 0; i < times; i++) all.push(await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  const sorted = [...all].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], all };
}
