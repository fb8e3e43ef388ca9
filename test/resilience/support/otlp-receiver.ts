import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { boundedBody } from './bounded-body.js';

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 2 = SERVER, 3 = CLIENT (OTLP's SpanKind). */
  kind: number;
  attributes: Record<string, string | number | boolean | undefined>;
}

export interface ReceivedPoint {
  attributes: Record<string, string | number | boolean | undefined>;
  /** A sum's value, or a histogram's count. */
  value: number;
}

/**
 * An OTLP/HTTP collector in the test process, as the SDK's exporters reach a real one: it takes the
 * JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) on /v1/traces and /v1/metrics and keeps
 * what arrived, decoded.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Metric name → the data points of its latest export (cumulative temporality: the latest is the total). */
  readonly metrics = new Map<string, ReceivedPoint[]>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const receiver: OtlpReceiver = new OtlpReceiver(createServer((request, response) => void receiver.take(request, response)));
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async take(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse): Promise<void> {
    const received = await boundedBody(request);
    if (!received) return void response.writeHead(413).end();
    const body = JSON.parse(received.toString('utf8'));
    if (request.url === '/v1/traces') this.addSpans(body);
    else if (request.url === '/v1/metrics') this.addMetrics(body);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  }

  private addSpans(body: any): void {
    for (const resource of body.resourceSpans ?? [])
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          this.spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
          });
  }

  private addMetrics(body: any): void {
    for (const resource of body.resourceMetrics ?? [])
      for (const scope of resource.scopeMetrics ?? [])
        for (const metric of scope.metrics ?? []) {
          const points = metric.sum?.dataPoints ?? metric.histogram?.dataPoints ?? metric.gauge?.dataPoints ?? [];
          this.metrics.set(
            metric.name,
            points.map((point: any) => ({
              attributes: attributesOf(point.attributes),
              value: Number(point.asInt ?? point.asDouble ?? point.count ?? 0),
            })),
          );
        }
  }
}

function attributesOf(list: KeyValue[] = []): ReceivedSpan['attributes'] {
  return Object.fromEntries(
    list.map(({ key, value }) => [key, value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue))]),
  );
}
