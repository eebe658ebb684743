// Chart.js with only the parts the report charts use (a line chart on a time axis and a linear axis, with a
// title, legend, tooltips and filled range bands); no `registerables`, so the rest of Chart.js is left out of the bundle.
import { Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, TimeScale, Title, Tooltip } from 'chart.js';

// Filler draws the forecasts' 80 % range bands.
Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Title, Tooltip, Legend, Filler);

export { Chart };
