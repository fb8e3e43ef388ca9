import { randomUUID } from 'node:crypto';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait-for.js';
import { AzureMonitorReceiver, type Envelope } from './support/azure-monitor-receiver.js';
import { call } from './support/http.js';
import { createAndApproveTeletrabajo } from './support/metrics-scenario.js';
import { OneInstance } from './support/one-instance.js';
import { RecordingProxy } from './support/recording-proxy.js';

const EXPORT_WAIT_MS = 15_000;
/** Statsbeat's first report leaves 15 s after the exporter starts (after a 5 s metadata probe at most). */
const STATSBEAT_FIRST_REPORT_MS = 22_000;
/** Microsoft's dynamic-configuration endpoint, polled by every exporter with no way to turn it off; it carries no key or telemetry. */
const ONE_SETTINGS = 'settings.sdk.monitor.azure.com:443';

/**
 * The compiled service started as `npm run start:prod` starts it, with an Application Insights connection
 * string whose ingestion endpoint is a stand-in in the test process (HTTPS, as Azure's; the service trusts
 * its certificate through NODE_EXTRA_CA_CERTS), and every other HTTPS destination behind a proxy that
 * refuses and records it.
 */
describe('telemetry of the compiled service to Azure Monitor (Application Insights)', () => {
  const env = new OneInstance('ess_azmon');
  const instrumentationKey = randomUUID();
  let ingestion: AzureMonitorReceiver;
  let proxy: RecordingProxy;
  let startedAt: number;
  let metricsPort: number;

  beforeAll(async () => {
    ingestion = await AzureMonitorReceiver.start();
    proxy = await RecordingProxy.start();
    metricsPort = await freePort();
    startedAt = Date.now();
    await env.start(
      {
        APPLICATIONINSIGHTS_CONNECTION_STRING: ingestion.connectionString(instrumentationKey),
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_METRIC_EXPORT_INTERVAL: '300',
        // Were statsbeat on, its daily report would leave every second.
        LONG_INTERVAL_EXPORT_MILLIS: '1000',
        HTTPS_PROXY: proxy.url,
        NO_PROXY: '127.0.0.1,localhost',
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      },
      { telemetry: true, watch: /./ },
    );
  }, 90_000);
  afterAll(async () => {
    await env.stop();
    await ingestion?.stop();
    await proxy?.stop();
  });

  const requestOf = (name: string, after: number): Envelope | undefined =>
    ingestion.envelopes.slice(after).find((item) => item.data?.baseType === 'RequestData' && item.data.baseData.name === name);

  it('sends the request with its route as its name, and the database query as a dependency of the same operation', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const before = ingestion.envelopes.length;
      expect((await call(env.service.url, 'GET', '/api/solicitudes', { token })).status).toBe(200);

      await waitFor(() => requestOf('GET /api/solicitudes', before) !== undefined, EXPORT_WAIT_MS);
      const request = requestOf('GET /api/solicitudes', before)!;
      expect(request).toMatchObject({ iKey: instrumentationKey, tags: { 'ai.operation.name': 'GET /api/solicitudes' } });
      expect(request.data.baseData).toMatchObject({ responseCode: '200', success: true, url: expect.stringContaining('/api/solicitudes') });

      const operation = request.tags['ai.operation.id'];
      const listQuery = () =>
        ingestion
          .ofType('RemoteDependencyData')
          .find((item) => item.tags['ai.operation.id'] === operation && item.data.baseData.type === 'postgresql' && /FROM solicitud/i.test(item.data.baseData.data));
      await waitFor(() => listQuery() !== undefined, EXPORT_WAIT_MS);
      expect(listQuery()!.data.baseData.target).toContain('ess_azmon_');
    }));

  it('sends the service’s metrics (a created and an approved request by type, and the decision time), and serves them on the scrape endpoint too', () =>
    env.run(async () => {
      await createAndApproveTeletrabajo(env);

      await waitFor(() => metric('ess.solicitudes.decision.duration', { tipo: 'Teletrabajo' }).count === 1, EXPORT_WAIT_MS);
      expect(metric('ess.solicitudes.created', { tipo: 'Teletrabajo' }).value).toBe(1);
      expect(metric('ess.solicitudes.decided', { tipo: 'Teletrabajo', decision: 'aprobada' }).value).toBe(1);

      const scraped = parsePrometheusTextFormat(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
      const scrapedCreated = scraped.find((family) => family.name === 'ess_solicitudes_created_total')?.metrics.find((point) => point.labels?.tipo === 'Teletrabajo');
      expect(Number(scrapedCreated?.value)).toBe(1);
    }));

  it('keeps the calendar feed key out of what it sends', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const created = await call(env.service.url, 'POST', '/api/calendario/enlace', { token });
      expect(created.status).toBe(201);
      const key = new URL(created.body.data.url).searchParams.get('clave')!;
      const before = ingestion.envelopes.length;
      expect((await fetch(`${env.service.url}/api/calendario.ics?clave=${key}`)).status).toBe(200);

      await waitFor(() => requestOf('GET /api/calendario.ics', before) !== undefined, EXPORT_WAIT_MS);
      expect(requestOf('GET /api/calendario.ics', before)!.data.baseData).toMatchObject({ responseCode: '200' });
      expect(JSON.stringify(ingestion.envelopes)).not.toContain(key);
    }));

  it('writes neither the instrumentation key nor the connection string into its output', () =>
    env.run(async () => {
      expect(env.watched.length).toBeGreaterThan(0);
      expect(env.watched.filter((line) => line.includes(instrumentationKey))).toEqual([]);
    }));

  it('reaches no Microsoft service but the ingestion endpoint (no statsbeat, no live metrics), and reports none of its own calls as dependencies', () =>
    env.run(async () => {
      // The settings poll shows the proxy is on the exporter's way out, so an empty list below means something.
      await waitFor(() => proxy.destinations.includes(ONE_SETTINGS), 30_000);
      await waitFor(() => Date.now() - startedAt > STATSBEAT_FIRST_REPORT_MS, STATSBEAT_FIRST_REPORT_MS + 1_000);
      expect(proxy.destinations.filter((destination) => destination !== ONE_SETTINGS)).toEqual([]);
      expect(ingestion.otherRequests).toEqual([]);
      // Nor is the exporter's own traffic reported as the service's dependencies.
      const exporterCalls = ingestion.ofType('RemoteDependencyData').filter((item) => /monitor\.azure\.com|127\.0\.0\.1:\d+\/v2/.test(JSON.stringify(item.data.baseData)));
      expect(exporterCalls.map((item) => item.data.baseData.name)).toEqual([]);
    }), 60_000);

  /** A delta counter's total (its values summed over the exports) or a histogram's count, for the points with these properties. */
  function metric(name: string, properties: Record<string, string>): { value: number; count: number } {
    const points = ingestion
      .ofType('MetricData')
      .filter((item) => Object.entries(properties).every(([key, value]) => item.data.baseData.properties?.[key] === value))
      .flatMap((item) => (item.data.baseData.metrics as { name: string; value: number; count: number }[]).filter((point) => point.name === name));
    return { value: points.reduce((sum, point) => sum + point.value, 0), count: points.reduce((sum, point) => sum + point.count, 0) };
  }
});
