import { TelemetryConfigError, telemetrySettings, tracesExported } from './telemetry-settings.js';

const AZURE = 'InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/';

describe('telemetrySettings', () => {
  it('is off (null) when no telemetry variable is set, or only to empty values', () => {
    expect(telemetrySettings({ PORT: '3000', DATABASE_URL: 'postgresql://db/ess' })).toBeNull();
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ', METRICS_PORT: '' })).toBeNull();
  });

  it('turns on OTLP traces and metrics with the common endpoint, or each with its own', () => {
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toMatchObject({ otlpTraces: true, otlpMetrics: true });
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toMatchObject({ otlpTraces: true, otlpMetrics: false });
    expect(telemetrySettings({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://collector:4318/v1/metrics' })).toMatchObject({ otlpTraces: false, otlpMetrics: true });
  });

  it('turns on the scrape endpoint alone with METRICS_PORT, without traces (so no trace ids in logs)', () => {
    const settings = telemetrySettings({ METRICS_PORT: '9464' });
    expect(settings).toEqual({ otlpTraces: false, otlpMetrics: false, azureMonitor: null, metricsPort: 9464 });
    expect(tracesExported(settings)).toBe(false);
  });

  it('turns on Azure Monitor with an Application Insights connection string', () => {
    expect(telemetrySettings({ APPLICATIONINSIGHTS_CONNECTION_STRING: AZURE })).toMatchObject({ azureMonitor: AZURE });
  });

  it.each([
    [{ METRICS_PORT: 'abc' }, 'Invalid environment variable METRICS_PORT: must be a port number from 1 to 65535, got "abc"'],
    [{ METRICS_PORT: '0' }, 'Invalid environment variable METRICS_PORT: must be a port number from 1 to 65535, got "0"'],
    [{ METRICS_PORT: '70000' }, 'Invalid environment variable METRICS_PORT: must be a port number from 1 to 65535, got "70000"'],
    [{ METRICS_PORT: '3000' }, 'Invalid environment variable METRICS_PORT: must differ from PORT'],
    [{ METRICS_PORT: '8080', PORT: '8080' }, 'Invalid environment variable METRICS_PORT: must differ from PORT'],
    [{ APPLICATIONINSIGHTS_CONNECTION_STRING: 'secret-looking-but-wrong' }, /^Invalid environment variable APPLICATIONINSIGHTS_CONNECTION_STRING: must contain InstrumentationKey=/],
    [{ APPLICATIONINSIGHTS_CONNECTION_STRING: AZURE, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, /set either it or OTEL_EXPORTER_OTLP_ENDPOINT/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => telemetrySettings(env)).toThrow(TelemetryConfigError);
    expect(() => telemetrySettings(env)).toThrow(message);
  });

  it('does not repeat a long or secret value in its message', () => {
    const value = 'x'.repeat(5000);
    expect(() => telemetrySettings({ APPLICATIONINSIGHTS_CONNECTION_STRING: value })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('xxx') }));
    expect(() => telemetrySettings({ METRICS_PORT: value })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('x'.repeat(21)) }));
  });
});
