/**
 * User Timing marks and measures, which the benchmarks read by name (bench/). Where User Timing is missing or
 * refuses one (an old browser, a test DOM, a start mark that was never set), nothing happens: they only measure.
 */
export function perfMark(name: string, detail?: unknown): void {
  try {
    performance.mark(name, { detail });
  } catch {
    // Measuring only.
  }
}

export function perfMeasure(name: string, options: PerformanceMeasureOptions): void {
  try {
    performance.measure(name, options);
  } catch {
    // Measuring only.
  }
}
