/**
 * Starts the OpenTelemetry SDK; loaded only by register.ts when a telemetry variable is set. Like
 * main.ts it is an entry point, so it may use any part of the service.
 */
import { NodeSDK } from '@opentelemetry/sdk-node';
import { serviceInstrumentations } from './instrumentations.js';
import { telemetryStarted } from './telemetry-lifecycle.js';
import { type TelemetrySettings, tracesExported } from './telemetry-settings.js';
import { startAzureMonitor } from './azure-monitor.js';

const SERVICE_NAME = 'ess-api';

export function startTelemetry(settings: TelemetrySettings): void {
  if (settings.azureMonitor !== null) {
    telemetryStarted(startAzureMonitor(settings, settings.azureMonitor));
    return;
  }
  exportersFromEnvironment(settings);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : SERVICE_NAME,
    instrumentations: serviceInstrumentations(settings),
    // Logs go to stdout as JSON lines (with the trace id); the SDK would otherwise also send them by OTLP.
    logRecordProcessors: [],
  });
  sdk.start();
  telemetryStarted({ stop: () => sdk.shutdown(), tracing: tracesExported(settings) });
}

/**
 * The SDK builds its exporters from the OTEL_* variables, so the operator's protocol, headers and
 * intervals keep working. What is not set is decided here: traces and metrics by OTLP only where
 * an OTLP endpoint is set, and the Prometheus scrape endpoint on METRICS_PORT.
 */
function exportersFromEnvironment(settings: TelemetrySettings): void {
  const env = process.env;
  env.OTEL_TRACES_EXPORTER ||= settings.otlpTraces ? 'otlp' : 'none';
  env.OTEL_METRICS_EXPORTER ||= settings.otlpMetrics ? 'otlp' : 'none';
  if (settings.metricsPort === null) return;
  const chosen = env.OTEL_METRICS_EXPORTER.split(',').map((name) => name.trim()).filter((name) => name !== 'none' && name !== 'prometheus');
  env.OTEL_METRICS_EXPORTER = [...chosen, 'prometheus'].join(',');
  env.OTEL_EXPORTER_PROMETHEUS_PORT = String(settings.metricsPort);
}
