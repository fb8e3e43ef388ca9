/** What the service exports, read from the environment before anything else loads. */
export interface TelemetrySettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set. */
  otlpTraces: boolean;
  /** OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT is set. */
  otlpMetrics: boolean;
  /** APPLICATIONINSIGHTS_CONNECTION_STRING. */
  azureMonitor: string | null;
  /** METRICS_PORT: the Prometheus scrape endpoint's port. */
  metricsPort: number | null;
}

export class TelemetryConfigError extends Error {}

/** Null when no telemetry variable is set: then nothing of the SDK is loaded. */
export function telemetrySettings(env: NodeJS.ProcessEnv): TelemetrySettings | null {
  const set = (name: string) => (env[name]?.trim() ?? '') !== '';
  const settings: TelemetrySettings = {
    otlpTraces: set('OTEL_EXPORTER_OTLP_ENDPOINT') || set('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'),
    otlpMetrics: set('OTEL_EXPORTER_OTLP_ENDPOINT') || set('OTEL_EXPORTER_OTLP_METRICS_ENDPOINT'),
    azureMonitor: set('APPLICATIONINSIGHTS_CONNECTION_STRING') ? env.APPLICATIONINSIGHTS_CONNECTION_STRING!.trim() : null,
    metricsPort: set('METRICS_PORT') ? metricsPort(env.METRICS_PORT!, env.PORT) : null,
  };
  if (settings.azureMonitor !== null && !/(^|;)\s*InstrumentationKey=[^;\s]+/i.test(settings.azureMonitor)) {
    throw new TelemetryConfigError('Invalid environment variable APPLICATIONINSIGHTS_CONNECTION_STRING: must contain InstrumentationKey=<key> (copy it from the Application Insights resource)');
  }
  if (settings.azureMonitor !== null && (settings.otlpTraces || settings.otlpMetrics)) {
    throw new TelemetryConfigError(
      'Invalid environment variable APPLICATIONINSIGHTS_CONNECTION_STRING: set either it or OTEL_EXPORTER_OTLP_ENDPOINT (one destination for traces and metrics), not both',
    );
  }
  return settings.otlpTraces || settings.otlpMetrics || settings.azureMonitor !== null || settings.metricsPort !== null ? settings : null;
}

/** Whether spans are recorded, so log lines can carry their trace id. */
export function tracesExported(settings: TelemetrySettings | null): boolean {
  return settings !== null && (settings.otlpTraces || settings.azureMonitor !== null);
}

function metricsPort(raw: string, servicePort: string | undefined): number {
  const port = /^\d{1,5}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new TelemetryConfigError(`Invalid environment variable METRICS_PORT: must be a port number from 1 to 65535, got "${raw.slice(0, 20)}"`);
  if (String(port) === (servicePort ?? '3000').trim()) throw new TelemetryConfigError('Invalid environment variable METRICS_PORT: must differ from PORT');
  return port;
}
