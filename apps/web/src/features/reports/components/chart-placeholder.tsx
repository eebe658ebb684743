/**
 * Where a chart will be, while its data or the chart itself is on the way: a still grey box of the chart's size
 * (400px), so nothing below it moves when the chart arrives (CLS 0), with the section's loading text for screen
 * readers. Still, not a shimmering skeleton: that animation repaints on the main thread every frame.
 */
export function ChartPlaceholder({ text, overlay = false }: { text: string; overlay?: boolean }) {
  return (
    <div
      className={`${overlay ? 'absolute inset-0' : 'h-[400px] w-full'} rounded-box bg-base-200`}
      role="status"
      aria-live="polite"
      data-testid="chart-placeholder"
    >
      <span className="sr-only">{text}</span>
    </div>
  );
}
