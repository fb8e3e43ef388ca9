import { shutdownAzureMonitor, useAzureMonitor } from '@azure/monitor-opentelemetry';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { httpServerConfig, notInAzureDistribution } from './instrumentations.js';
import type { TelemetrySettings } from './telemetry-settings.js';

type MetricReaders = NonNullable<Parameters<typeof useAzureMonitor>[0]>['metricReaders'];

/** Microsoft's distribution of the SDK, exporting to Application Insights; the scrape endpoint too when METRICS_PORT is set. */
export function startAzureMonitor(settings: TelemetrySettings, connectionString: string): { stop: () => Promise<void>; tracing: boolean } {
  const off = { enabled: false };
  useAzureMonitor({
    azureMonitorExporterOptions: { connectionString },
    instrumentationOptions: {
      http: { enabled: true, ...httpServerConfig(settings) },
      postgreSql: { enabled: true },
      azureSdk: off,
      mongoDb: off,
      mySql: off,
      redis: off,
      redis4: off,
      bunyan: off,
      winston: off,
      console: off,
    },
    // The distribution's SDK is an older release than ours; the reader's interface is the same.
    metricReaders: (settings.metricsPort !== null ? [new PrometheusExporter({ port: settings.metricsPort })] : []) as unknown as MetricReaders,
  });
  registerInstrumentations({ instrumentations: notInAzureDistribution() });
  return { stop: shutdownAzureMonitor, tracing: true };
}
