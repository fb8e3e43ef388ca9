import type { RequestOptions } from 'node:http';
import { shutdownAzureMonitor, useAzureMonitor } from '@azure/monitor-opentelemetry';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { httpServerConfig, notInAzureDistribution } from './instrumentations.js';
import type { TelemetrySettings } from './telemetry-settings.js';

type MetricReaders = NonNullable<Parameters<typeof useAzureMonitor>[0]>['metricReaders'];

/** The exporter's own requests carry this user agent; as spans they would be exported, and make more requests. */
const EXPORTER_USER_AGENT = 'azsdk-js-monitor-opentelemetry-exporter';
/** Microsoft's settings service, which the exporter polls without that user agent: its poll is no dependency of the service. */
const EXPORTER_SETTINGS_HOST = 'settings.sdk.monitor.azure.com';

/** Microsoft's distribution of the SDK, exporting to Application Insights; the scrape endpoint too when METRICS_PORT is set. */
export function startAzureMonitor(settings: TelemetrySettings, connectionString: string): { stop: () => Promise<void>; tracing: boolean } {
  // Statsbeat reports this resource's key, host and exporter health to Microsoft's own Application Insights
  // (in the US for a non-EU endpoint) every 15 minutes and daily; the only switch is this variable.
  process.env.APPLICATION_INSIGHTS_NO_STATSBEAT ??= 'true';
  const off = { enabled: false };
  useAzureMonitor({
    azureMonitorExporterOptions: { connectionString },
    // Every trace, as on the OTLP path (the distribution's default keeps at most 5 a second); OTEL_TRACES_SAMPLER still applies.
    samplingRatio: 1,
    tracesPerSecond: 0,
    // Live Metrics calls its endpoint every 5 s whether anyone watches or not; APPLICATIONINSIGHTS_CONFIGURATION_CONTENT turns it on.
    enableLiveMetrics: false,
    instrumentationOptions: {
      // The distribution's release of the http instrumentation puts incoming query strings, secrets included, on spans as they came.
      http: off,
      // A pool checkout per request is no news, as on the OTLP path.
      postgreSql: { enabled: true, ignoreConnectSpans: true } as { enabled: boolean },
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
  const http = new HttpInstrumentation({ ...httpServerConfig(settings), ignoreOutgoingRequestHook: fromExporter });
  registerInstrumentations({ instrumentations: [http, ...notInAzureDistribution()] });
  return { stop: shutdownAzureMonitor, tracing: true };
}

function fromExporter(request: RequestOptions): boolean {
  if ((request.hostname ?? request.host) === EXPORTER_SETTINGS_HOST) return true;
  const headers = Object.entries(request.headers ?? {});
  return headers.some(([name, value]) => name.toLowerCase() === 'user-agent' && String(value).includes(EXPORTER_USER_AGENT));
}
