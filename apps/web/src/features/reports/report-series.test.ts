// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, initI18n, t } from '../../lib/i18n';
import { errorMessage } from '../../lib/api-client';
import { rangeLine, tooltipLine } from './chart/chart-config';
import { countLabel, dayToTime, randomColour, seriesHues } from './chart/chart-shapes';
import { chartWords } from './chart/chart-words';
import { csvFileName, SECTION_TEXT, lastActualDay, littleDataNote, type ReportRow, toSeries, toCsv } from './report-series';

const ROWS: ReportRow[] = [
  { day: '2026-03-02', count: 1, is_forecast: false, category_title: 'Stress' },
  { day: '2026-03-01', count: 0, is_forecast: false, category_title: 'Stress' },
  { day: '2026-03-03', count: 1.25, is_forecast: true, category_title: 'Stress' },
  { day: '2026-03-01', count: 2, is_forecast: false, category_title: 'Career, "Next"' },
  { day: '2026-03-02', count: 0, is_forecast: false, category_title: 'Career, "Next"' },
  { day: '2026-03-03', count: 0.5, is_forecast: true, category_title: 'Career, "Next"' },
];

beforeAll(() => initI18n(['reports']));

describe('toSeries', () => {
  it('makes one series per group, points in day order with their forecast flag', () => {
    const series = toSeries('category', ROWS);
    expect(series.map((s) => s.label)).toEqual(['Stress', 'Career, "Next"']);
    expect(series[0].points).toEqual([
      { x: dayToTime('2026-03-01'), y: 0, forecast: false },
      { x: dayToTime('2026-03-02'), y: 1, forecast: false },
      { x: dayToTime('2026-03-03'), y: 1.25, forecast: true },
    ]);
  });

  it("carries forecast rows' 80 % range and the days of history behind them", () => {
    const rows: ReportRow[] = [
      { day: '2026-03-01', count: 2, is_forecast: false, category_title: 'Stress' },
      { day: '2026-03-02', count: 1.4, is_forecast: true, lower: 0, upper: 3, history_days: 12, category_title: 'Stress' },
    ];
    const [stress] = toSeries('category', rows);
    expect(stress.points).toEqual([
      { x: dayToTime('2026-03-01'), y: 2, forecast: false },
      { x: dayToTime('2026-03-02'), y: 1.4, forecast: true, lower: 0, upper: 3 },
    ]);
    expect(stress.historyDays).toBe(12);
    expect(toSeries('category', ROWS)[0].historyDays).toBeUndefined();
  });

  it("labels rows without a group 'N/A'", () => {
    const series = toSeries('department', [{ day: '2026-03-01', count: 1, is_forecast: false }]);
    expect(series[0].label).toBe('N/A');
  });

  it('puts each day at local midnight, whatever the browser zone', () => {
    const d = new Date(dayToTime('2026-03-08'));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 2, 8, 0]);
  });
});

describe('lastActualDay and tooltipLine', () => {
  it('finds today as the last non-forecast day', () => {
    expect(lastActualDay(ROWS)).toBe('2026-03-02');
    expect(lastActualDay([])).toBeNull();
  });

  it("reads 'series: value' plus ' (forecast)'", () => {
    expect(tooltipLine(chartWords(t), 'Stress', 3, false)).toBe('Stress: 3');
    expect(tooltipLine(chartWords(t), 'Stress', 1.25, true)).toBe('Stress: 1.3 (forecast)');
    // Forecasts show one decimal at most, never 0.16.
    expect(tooltipLine(chartWords(t), 'Stress', 0.16, true)).toBe('Stress: 0.2 (forecast)');
    expect(tooltipLine(chartWords(t), 'Stress', 2.04, true)).toBe('Stress: 2 (forecast)');
  });
});

describe('rangeLine and littleDataNote', () => {
  it("gives a forecast point's 80 % range, one number when both ends meet, nothing on real days", () => {
    expect(rangeLine(chartWords(t), { x: 0, y: 1.4, forecast: true, lower: 0, upper: 3 })).toBe('80% range: 0–3');
    expect(rangeLine(chartWords(t), { x: 0, y: 2, forecast: true, lower: 2, upper: 2 })).toBe('80% range: 2');
    // Fractional ends (decision 0286) read in whole appointments, rounded outward.
    expect(rangeLine(chartWords(t), { x: 0, y: 0.1, forecast: true, lower: 0, upper: 0.45 })).toBe('80% range: 0–1');
    expect(rangeLine(chartWords(t), { x: 0, y: 3, forecast: true, lower: 2.5, upper: 3 })).toBe('80% range: 2–3');
    expect(rangeLine(chartWords(t), { x: 0, y: 2, forecast: false })).toBeNull();
    expect(rangeLine(chartWords(t), undefined)).toBeNull();
  });

  it('names the series whose forecast rests on under four weeks of data, and is silent otherwise', () => {
    const point = { x: 0, y: 0, forecast: true };
    expect(littleDataNote([{ label: 'Stress', points: [point], historyDays: 28 }, { label: 'Grief', points: [point] }])).toBeNull();
    expect(littleDataNote([{ label: 'Stress', points: [point], historyDays: 1 }, { label: 'Career', points: [point], historyDays: 9 }])).toBe(
      'Little data: the forecast for Stress (1 day), Career (9 days) rests on less than four weeks of appointments. Read it as a rough guide.',
    );
  });
});

describe('toCsv', () => {
  it('writes a header and one line per row, quoting where needed', () => {
    const csv = toCsv('category', ROWS.slice(3, 6));
    expect(csv).toBe(
      'day,category_title,count,is_forecast,lower,upper\r\n' +
        '2026-03-01,"Career, ""Next""",2,false,,\r\n' +
        '2026-03-02,"Career, ""Next""",0,false,,\r\n' +
        '2026-03-03,"Career, ""Next""",0.5,true,,\r\n',
    );
  });

  it('uses the report\'s own group column and defuses spreadsheet formulas', () => {
    const csv = toCsv('age', [{ day: '2026-03-01', count: 1, is_forecast: false, age_group: '18-21' }]);
    expect(csv.split('\r\n')[0]).toBe('day,age_group,count,is_forecast,lower,upper');
    const ranged = toCsv('age', [{ day: '2026-03-02', count: 1.4, is_forecast: true, lower: 0, upper: 3, history_days: 40, age_group: '18-21' }]);
    expect(ranged.split('\r\n')[1]).toBe('2026-03-02,18-21,1.4,true,0,3');
    const evil = toCsv('department', [{ day: '2026-03-01', count: 1, is_forecast: false, department: '=HYPERLINK("x")' }]);
    expect(evil.split('\r\n')[1]).toBe(`2026-03-01,"'=HYPERLINK(""x"")",1,false,,`);
  });

  it('says at the end of a department or age file that small groups are hidden; a category file has no such line', () => {
    expect(toCsv('department', []).split('\r\n')[1]).toBe('Groups of fewer than 5 people are hidden so that no one can be singled out.');
    expect(toCsv('age', []).split('\r\n')[1]).toBe('Groups of fewer than 5 people are hidden so that no one can be singled out.');
    expect(toCsv('category', [])).toBe('day,category_title,count,is_forecast,lower,upper\r\n');
  });

  it("writes the header and the small-groups line in the reader's language", async () => {
    await chooseOnDevice('fil');
    try {
      const lines = toCsv('department', [{ day: '2026-03-01', count: 1, is_forecast: false, department: 'HR' }]).split('\r\n');
      expect(lines[0]).toBe('araw,departamento,bilang,forecast,mababang_dulo,mataas_na_dulo');
      expect(lines[1]).toBe('2026-03-01,HR,1,false,,');
      expect(lines[2]).not.toContain('Groups of fewer');
      expect(lines[2]).toContain('5');
    } finally {
      await chooseOnDevice('en');
    }
  });

  it('names the file after the report and the filters', () => {
    expect(csvFileName('department', 'last_90_days', 7)).toBe('appointments-by-department-daily_last_90_days_forecast_7.csv');
  });
});

describe('randomColour', () => {
  it('gives a valid, not-too-light colour for any random draw', () => {
    for (const r of [0, 0.1, 0.33, 0.5, 0.75, 0.999]) {
      const [red, green, blue] = randomColour(() => r);
      for (const c of [red, green, blue]) expect(c >= 0 && c <= 255 && Number.isInteger(c)).toBe(true);
      const luminance = (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
      expect(luminance).toBeLessThan(0.7);
    }
    expect(randomColour(() => 0.1)).not.toEqual(randomColour(() => 0.6));
  });
});

describe('section texts', () => {
  it('are the spec\'s words, and the fallback error text is used only when the error has none', () => {
    expect(Object.values(SECTION_TEXT).map((s) => [t(s.chartTitle), t(s.loading), t(s.failed)])).toEqual([
      ['Daily Appointments by Category', 'Loading category data...', 'Failed to fetch category data'],
      ['Daily Appointments by Age Group', 'Loading age data...', 'Failed to fetch age data'],
      ['Daily Appointments by Department', 'Loading department data...', 'Failed to fetch department data'],
    ]);
    expect(errorMessage(new Error(''), t(SECTION_TEXT.age.failed))).toBe('Failed to fetch age data');
    expect(errorMessage(new Error('socket hang up'), t(SECTION_TEXT.age.failed))).toBe('socket hang up');
    expect(errorMessage(null, t(SECTION_TEXT.department.failed))).toBe('Failed to fetch department data');
  });
});

describe('seriesHues', () => {
  it('gives a series the same hue on every load whatever the order, and each series its own', () => {
    const a = seriesHues(['Stress', 'Anxiety', 'Career']);
    const b = seriesHues(['Career', 'Stress', 'Anxiety']);
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
    expect(new Set(a.values()).size).toBe(3);
    for (const h of a.values()) {
      expect(h).toBeGreaterThanOrEqual(0);
      expect(h).toBeLessThan(1);
    }
  });
});

describe('countLabel', () => {
  it('groups thousands like the default axis labels, without Intl', () => {
    expect([0, 7, 999, 1000, 1234567, -2500].map(countLabel)).toEqual(['0', '7', '999', '1,000', '1,234,567', '-2,500']);
    expect(countLabel(1234.5)).toBe('1,234.5');
    expect(countLabel('12')).toBe('12');
  });
});

describe('in Filipino', () => {
  it("the chart's range line and the little-data note follow the language in use", async () => {
    await chooseOnDevice('fil');
    try {
      expect(rangeLine(chartWords(t), { x: 0, y: 1.4, forecast: true, lower: 0, upper: 3 })).toBe('Saklaw na 80%: 0–3');
      expect(littleDataNote([{ label: 'Stress', points: [{ x: 0, y: 0, forecast: true }], historyDays: 2 }])).toBe(
        'Kaunti ang datos: ang forecast para sa Stress (2 araw) ay batay sa wala pang apat na linggo ng mga appointment. Basahin ito bilang magaspang na gabay.',
      );
    } finally {
      await chooseOnDevice('en');
    }
  });
});
