import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait-for.js';
import { call } from './support/http.js';
import { createAndApproveTeletrabajo } from './support/metrics-scenario.js';
import { OneInstance } from './support/one-instance.js';
import { ServiceProcess } from './support/service-process.js';
import { OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.js';

const SERVER = 2;
const EXPORT_WAIT_MS = 10_000;

/** The compiled service started as `npm run start:prod` starts it, with the OTLP and Prometheus variables set. */
describe('telemetry of the compiled service (OTLP/HTTP and the Prometheus endpoint)', () => {
  const env = new OneInstance('ess_telemetry');
  let receiver: OtlpReceiver;
  let metricsPort: number;
  let logLines: string[];

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    metricsPort = await freePort();
    await env.start(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_METRIC_EXPORT_INTERVAL: '300',
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      },
      { telemetry: true },
    );
    logLines = env.service.watch(/"trace_id"/);
  }, 90_000);
  afterAll(async () => {
    await env.stop();
    await receiver?.stop();
  });

  const serverSpanOf = (route: string, after: number): ReceivedSpan | undefined =>
    receiver.spans.slice(after).find((span) => span.kind === SERVER && span.attributes['http.route'] === route);

  it('sends the server span of a request with its route, and the database query as its descendant', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const before = receiver.spans.length;
      expect((await call(env.service.url, 'GET', '/api/solicitudes', { token })).status).toBe(200);

      await waitFor(() => serverSpanOf('/api/solicitudes', before) !== undefined, EXPORT_WAIT_MS);
      const server = serverSpanOf('/api/solicitudes', before)!;
      expect(server.attributes['http.request.method']).toBe('GET');
      expect(server.attributes['http.response.status_code']).toBe(200);
      await waitFor(() => databaseSpansUnder(server).length > 0, EXPORT_WAIT_MS);
      expect(databaseSpansUnder(server)[0]!.attributes['db.system.name'] ?? databaseSpansUnder(server)[0]!.attributes['db.system']).toBe('postgresql');
    }));

  it('writes the trace id of the request into its log line', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const before = receiver.spans.length;
      expect((await call(env.service.url, 'GET', '/api/notificaciones', { token })).status).toBe(200);

      await waitFor(() => serverSpanOf('/api/notificaciones', before) !== undefined, EXPORT_WAIT_MS);
      const { traceId } = serverSpanOf('/api/notificaciones', before)!;
      await waitFor(() => logLines.some((line) => line.includes(traceId)), 3_000);
      const line = JSON.parse(logLines.find((candidate) => candidate.includes(traceId))!);
      expect(line).toMatchObject({ trace_id: traceId, req: { url: '/api/notificaciones' } });
    }));

  it('counts a created and an approved request by type, by OTLP and on the scrape endpoint', () =>
    env.run(async () => {
      await createAndApproveTeletrabajo(env);

      await waitFor(() => point('ess.solicitudes.decision.duration', { tipo: 'Teletrabajo' }) === 1, EXPORT_WAIT_MS);
      expect(point('ess.solicitudes.created', { tipo: 'Teletrabajo' })).toBe(1);
      expect(point('ess.solicitudes.decided', { tipo: 'Teletrabajo', decision: 'aprobada' })).toBe(1);

      const scraped = await scrape(metricsPort);
      expect(sample(scraped, 'ess_solicitudes_created_total', { tipo: 'Teletrabajo' })).toBe(1);
      expect(sample(scraped, 'ess_solicitudes_decided_total', { tipo: 'Teletrabajo', decision: 'aprobada' })).toBe(1);
      expect(scraped.find((family) => family.name === 'ess_solicitudes_decision_duration')?.type).toBe('HISTOGRAM');
    }));

  it('counts refused credentials, and HTTP durations by route and status', () =>
    env.run(async () => {
      const before = sample(await scrape(metricsPort), 'ess_auth_failures_total', { api: 'rest' }) ?? 0;
      expect((await call(env.service.url, 'GET', '/api/comunicados', { token: 'not-a-token' })).status).toBe(401);
      expect((await call(env.service.url, 'GET', '/api/comunicados')).status).toBe(401);

      const scraped = await scrape(metricsPort);
      expect(sample(scraped, 'ess_auth_failures_total', { api: 'rest' })).toBe(before + 2);
      expect(scraped.find((family) => family.name === 'http_server_request_duration')?.type).toBe('HISTOGRAM');
      // The text parser folds a histogram's labelled series into one: the per-route count is read from OTLP.
      await waitFor(() => point('http.server.request.duration', { 'http.route': '/api/comunicados', 'http.response.status_code': 401 }) === 2, EXPORT_WAIT_MS);
    }));

  it('keeps the calendar feed key out of the spans', () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const created = await call(env.service.url, 'POST', '/api/calendario/enlace', { token });
      expect(created.status).toBe(201);
      const key = new URL(created.body.data.url).searchParams.get('clave')!;
      const before = receiver.spans.length;
      expect((await fetch(`${env.service.url}/api/calendario.ics?clave=${key}`)).status).toBe(200);

      await waitFor(() => serverSpanOf('/api/calendario.ics', before) !== undefined, EXPORT_WAIT_MS);
      expect(JSON.stringify(receiver.spans)).not.toContain(key);
      expect(JSON.stringify(serverSpanOf('/api/calendario.ics', before)!.attributes)).toContain('clave=REDACTED');
    }));

  function point(name: string, attributes: Record<string, string | number>): number | undefined {
    return receiver.metrics.get(name)?.find((candidate) => Object.entries(attributes).every(([key, value]) => candidate.attributes[key] === value))?.value;
  }

  function databaseSpansUnder(root: ReceivedSpan): ReceivedSpan[] {
    const sameTrace = receiver.spans.filter((span) => span.traceId === root.traceId);
    const byId = new Map(sameTrace.map((span) => [span.spanId, span]));
    const descends = (span: ReceivedSpan): boolean => {
      for (let parent = span.parentSpanId, hops = 0; parent && hops < 50; parent = byId.get(parent)?.parentSpanId, hops += 1) {
        if (parent === root.spanId) return true;
      }
      return false;
    };
    return sameTrace.filter((span) => span.name.startsWith('pg.query') || span.attributes['db.query.text'] !== undefined).filter(descends);
  }
});

async function scrape(port: number): Promise<PrometheusFamily[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  return parsePrometheusTextFormat(await response.text());
}

function matching(families: PrometheusFamily[], name: string, labels: Record<string, string>) {
  return families.find((family) => family.name === name)?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
}

function sample(families: PrometheusFamily[], name: string, labels: Record<string, string>): number | undefined {
  const metric = matching(families, name, labels);
  return metric ? Number(metric.value) : undefined;
}

describe('a bad telemetry variable', () => {
  it('stops the start with one line naming it, without a stack trace', async () => {
    const service = ServiceProcess.spawn('bad-metrics-port', {
      databaseUrl: 'postgresql://postgres@127.0.0.1:1/never-reached',
      jwksUri: 'https://127.0.0.1:1/keys',
      env: { METRICS_PORT: 'nine' },
      telemetry: true,
    });
    expect(await service.exited).toMatchObject({ code: 1 });
    const output = service.report();
    expect(output).toContain('Invalid environment variable METRICS_PORT: must be a port number from 1 to 65535, got "nine"');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
