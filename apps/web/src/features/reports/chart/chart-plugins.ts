// The date adapter (the time axis) and the annotation plugin (the 'Today' line), loaded after chart-core so that
// evaluating them is a task of its own rather than part of one long module evaluation (decision 0092).
import { Chart } from 'chart.js';
import 'chartjs-adapter-date-fns';
import annotationPlugin from 'chartjs-plugin-annotation';

Chart.register(annotationPlugin);
