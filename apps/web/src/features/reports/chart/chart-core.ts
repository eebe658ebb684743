// Chart.js with only the parts the report charts use (a line chart on a time axis and a linear axis, with a
// title, legend and tooltips); no `registerables`, so the rest of Chart.js is left out of the bundle.
import { Chart, Legend, LinearScale, LineController, LineElement, PointElement, TimeScale, Title, Tooltip } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Title, Tooltip, Legend);

export { Chart };
