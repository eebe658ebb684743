// The interval (Winkler) score of an 80 % interval, and the simple interval the forecast's intervals are judged
// against: the 10th to 90th percentile of the same weekday over the last 8 weeks (docs/decisions/0213-forecast-interval-score.md).

/** The interval's miss probability: an 80 % interval. */
export const INTERVAL_ALPHA = 0.2;

/**
 * The Winkler score of [lower, upper] for the count that came: its width, plus 2/α times how far outside it the count
 * fell. Smaller is better; it rewards a narrow interval and punishes a miss by its distance, so the best interval for
 * it runs from the 10th to the 90th percentile of what will come.
 */
export function winklerScore(lower: number, upper: number, actual: number, alpha = INTERVAL_ALPHA): number {
  const width = upper - lower;
  if (actual < lower) return width + (2 / alpha) * (lower - actual);
  if (actual > upper) return width + (2 / alpha) * (actual - upper);
  return width;
}

/** The `p` quantile of sorted values, interpolated between neighbours (type 7, as R and NumPy do by default). */
export function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
}

/**
 * The simple interval: for each of `horizon` days after `history`, the 10th and 90th percentile of the same weekday
 * in the last `weeks` weeks (fewer when the history is shorter; [0, 0] with less than a week).
 */
export function weekdayPercentileInterval(history: readonly number[], horizon: number, weeks = 8): { lower: number[]; upper: number[] } {
  const n = history.length;
  const w = Math.min(weeks, Math.floor(n / 7));
  const ends = Array.from({ length: 7 }, (_, j) => {
    if (w === 0) return [0, 0];
    const values = Array.from({ length: w }, (_, k) => history[n - 7 + j - 7 * k]).sort((a, b) => a - b);
    return [quantileOfSorted(values, INTERVAL_ALPHA / 2), quantileOfSorted(values, 1 - INTERVAL_ALPHA / 2)];
  });
  return {
    lower: Array.from({ length: horizon }, (_, i) => ends[i % 7][0]),
    upper: Array.from({ length: horizon }, (_, i) => ends[i % 7][1]),
  };
}
