import { forecastDaily, type ForecastResult } from './forecast';

/**
 * forecastDaily remembered by its inputs. Choosing a method tries several at dozens of past origins per series
 * (well under 2 ms at a year of history), which made the forecast most of a report's cost once the counts were kept in a table
 * (docs/decisions/0045-report-day-counts.md). A forecast is a pure function of the history and the
 * horizon, so the same inputs give the same values: repeated reports (a screen refreshed, three sections,
 * a burst) refit only the series whose history changed. Bounded, least recently used first out.
 */
export class ForecastCache {
  private readonly entries = new Map<string, ForecastResult>();

  constructor(private readonly size = 2_000) {}

  result(history: readonly number[], horizon: number): ForecastResult {
    const key = `${horizon}:${history.join(',')}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const result = forecastDaily(history, horizon);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, result);
    return result;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The process's cache, shared by every report call. */
export const forecasts = new ForecastCache();
