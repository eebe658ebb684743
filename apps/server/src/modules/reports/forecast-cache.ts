import { forecastDaily } from './forecast';

/**
 * forecastDaily remembered by its inputs. Fitting tries 175 parameter sets per series (≈ 0.5–1 ms at a
 * year of history), which made the forecast most of a report's cost once the counts were kept in a table
 * (docs/decisions/0045-report-day-counts.md). A forecast is a pure function of the history and the
 * horizon, so the same inputs give the same values: repeated reports (a screen refreshed, three sections,
 * a burst) refit only the series whose history changed. Bounded, least recently used first out.
 */
export class ForecastCache {
  private readonly entries = new Map<string, readonly number[]>();

  constructor(private readonly size = 2_000) {}

  values(history: readonly number[], horizon: number): readonly number[] {
    const key = `${horizon}:${history.join(',')}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const { values } = forecastDaily(history, horizon);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, values);
    return values;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The process's cache, shared by every report call. */
export const forecasts = new ForecastCache();
