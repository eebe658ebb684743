// The report charts are built, laid out and drawn here, off the page's main thread (decision 0314): Chart.js draws
// on an OffscreenCanvas of this worker, each drawing is sent to the page as an ImageBitmap, which the page copies
// onto its canvas (one drawImage). The page forwards the pointer events the tooltip answers.
import { BasicPlatform, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, TimeScale, Title, Tooltip } from 'chart.js';
import 'chartjs-adapter-date-fns';
import annotationPlugin from 'chartjs-plugin-annotation';
import { type ChartHostDeps, runChartWorker, type WorkerScope } from './chart-host';

// Only the parts the report charts use; Filler draws the forecasts' 80 % range bands, the annotation the 'Today' line.
Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Title, Tooltip, Legend, Filler, annotationPlugin);

runChartWorker(self as unknown as WorkerScope, Chart as unknown as ChartHostDeps['Chart'], BasicPlatform);
