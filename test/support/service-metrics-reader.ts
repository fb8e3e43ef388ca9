import { metrics } from '@opentelemetry/api';
import { type DataPoint, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';

/** Collects on demand, as a scrape or a periodic exporter would. */
class OnDemandReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/**
 * The service's own metrics (src/telemetry/service-metrics.ts), read in the test process: a meter provider is
 * installed as the global one before the test app first records anything (call it at the top of a test file,
 * before startTestApp). `total` sums a counter's points whose attributes include `atributos`.
 */
export function readServiceMetrics(): { total(nombre: string, atributos: Record<string, string>): Promise<number> } {
  const reader = new OnDemandReader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  return {
    async total(nombre, atributos) {
      const { resourceMetrics } = await reader.collect();
      // Counters only: a counter's points carry numbers.
      const points = resourceMetrics.scopeMetrics.flatMap((scope) =>
        scope.metrics.filter((metric) => metric.descriptor.name === nombre).flatMap((metric) => metric.dataPoints as DataPoint<number>[]),
      );
      return points
        .filter((point) => Object.entries(atributos).every(([clave, valor]) => point.attributes[clave] === valor))
        .reduce((suma, point) => suma + point.value, 0);
    },
  };
}
