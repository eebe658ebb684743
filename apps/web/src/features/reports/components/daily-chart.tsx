// The chart of one report section. Chart.js, its date adapter and the annotation plugin are imported
// here only, and this file is loaded with React.lazy, so they form their own chunk for /reports.
import {
  CategoryScale,
  Chart as ChartJS,
  type ChartData,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  type ScriptableLineSegmentContext,
  TimeScale,
  Title,
  Tooltip,
} from 'chart.js';
import 'chartjs-adapter-date-fns';
import annotationPlugin from 'chartjs-plugin-annotation';
import { useMemo, useSyncExternalStore } from 'react';
import { Line } from 'react-chartjs-2';
import { dayToTime, randomColour, rgba, seriesHues, type Series, type SeriesPoint, tooltipLine } from '../report-series';

ChartJS.register(CategoryScale, LinearScale, TimeScale, PointElement, LineElement, Title, Tooltip, Legend, Filler, annotationPlugin);

// Spec section 9: line tension 0.4 for the chart and 0.1 for each series; series alpha 0.9, fill 0.2,
// forecast segments 0.5.
const CHART_TENSION = 0.4;
const SERIES_TENSION = 0.1;
const SERIES_ALPHA = 0.9;
const FILL_ALPHA = 0.2;
const FORECAST_ALPHA = 0.5;

export interface DailyChartProps {
  title: string;
  series: Series[];
  /** The company's today ('YYYY-MM-DD'), marked with the dashed 'Today' line. */
  today: string | null;
}

type Point = SeriesPoint;

const NARROW = '(max-width: 640px)';
/** True on phone-sized screens, where the legend must stay small enough to leave room for the lines. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = window.matchMedia(NARROW);
      mq.addEventListener('change', notify);
      return () => mq.removeEventListener('change', notify);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

/** A line chart of daily counts with forecasts, 400px high. */
export default function DailyChart({ title, series, today }: DailyChartProps) {
  const narrow = useNarrow();

  const data = useMemo<ChartData<'line', Point[]>>(() => {
    // Hues from the sorted series names: a series keeps its colour on every load (issue 14).
    const hues = seriesHues(series.map((s) => s.label));
    return {
      datasets: series.map((s) => {
        const colour = randomColour(() => hues.get(s.label) ?? 0);
        return {
          label: s.label,
          data: s.points,
          parsing: { xAxisKey: 'x', yAxisKey: 'y' },
          borderColor: rgba(colour, SERIES_ALPHA),
          backgroundColor: rgba(colour, FILL_ALPHA),
          pointBackgroundColor: s.points.map((p) => rgba(colour, p.forecast ? FORECAST_ALPHA : SERIES_ALPHA)),
          pointBorderColor: s.points.map((p) => rgba(colour, p.forecast ? FORECAST_ALPHA : SERIES_ALPHA)),
          pointRadius: s.points.length > (narrow ? 40 : 120) ? 0 : 2,
          pointHoverRadius: 4,
          borderWidth: 2,
          tension: SERIES_TENSION,
          fill: false,
          segment: {
            // A segment ending on a forecast point lies after the last real point: fainter and dashed.
            borderColor: (ctx: ScriptableLineSegmentContext) => (s.points[ctx.p1DataIndex]?.forecast ? rgba(colour, FORECAST_ALPHA) : undefined),
            borderDash: (ctx: ScriptableLineSegmentContext) => (s.points[ctx.p1DataIndex]?.forecast ? [5, 4] : undefined),
          },
        };
      }),
    };
  }, [series, narrow]);

  const options = useMemo<ChartOptions<'line'>>(() => {
    const todayX = today ? dayToTime(today) : undefined;
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      elements: { line: { tension: CHART_TENSION } },
      scales: {
        x: {
          type: 'time',
          time: { unit: 'day', displayFormats: { day: 'MMM dd' }, tooltipFormat: 'MMM dd, yyyy' },
          title: { display: true, text: 'Date' },
          ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12, font: { size: narrow ? 10 : 12 } },
        },
        y: {
          beginAtZero: true,
          title: { display: true, text: 'Number of Appointments' },
          ticks: { precision: 0 },
        },
      },
      plugins: {
        legend: {
          position: 'top',
          labels: narrow ? { boxWidth: 10, boxHeight: 10, padding: 6, font: { size: 10 } } : { boxWidth: 28, padding: 10 },
        },
        title: { display: true, text: title, font: { size: narrow ? 13 : 16 } },
        tooltip: {
          callbacks: {
            label: (ctx) => tooltipLine(ctx.dataset.label ?? '', ctx.parsed.y ?? 0, Boolean((ctx.raw as Point | undefined)?.forecast)),
          },
        },
        annotation: {
          annotations:
            todayX === undefined
              ? {}
              : {
                  today: {
                    type: 'line',
                    xMin: todayX,
                    xMax: todayX,
                    borderColor: 'rgba(100, 116, 139, 0.9)',
                    borderWidth: 2,
                    borderDash: [6, 6],
                    label: {
                      display: true,
                      content: 'Today',
                      position: 'end',
                      backgroundColor: 'rgba(71, 85, 105, 0.9)',
                      color: '#fff',
                      font: { size: 11 },
                    },
                  },
                },
        },
      },
    };
  }, [title, today, narrow]);

  const summary = `${title}: ${series.length} series${today ? `, up to today (${today}) with forecasts after it` : ''}.`;
  return (
    <div className="relative h-[400px] w-full" style={{ height: 400 }}>
      <Line data={data} options={options} role="img" aria-label={summary} />
    </div>
  );
}
