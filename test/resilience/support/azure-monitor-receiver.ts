import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { testCertificate } from '../../support/test-certificate.js';
import { boundedBody, MAX_BODY_BYTES } from './bounded-body.js';

/** One item of Application Insights' track API, as the exporter sends it (the parts the tests read). */
export interface Envelope {
  name: string;
  iKey: string;
  tags: Record<string, string>;
  data: { baseType: string; baseData: Record<string, any> };
}

/**
 * The ingestion endpoint of Application Insights in the test process, reached as the exporter reaches
 * Azure's: HTTPS (the test certificate, which the service trusts through NODE_EXTRA_CA_CERTS), a POST of
 * a JSON array of envelopes to `/v2.1/track`, gzip'd or not, answered with the counts Breeze answers.
 */
export class AzureMonitorReceiver {
  readonly envelopes: Envelope[] = [];
  /** What arrived elsewhere than the track path, to tell a wrong path from silence. */
  readonly otherRequests: string[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<AzureMonitorReceiver> {
    const { key, cert } = await testCertificate();
    const receiver: AzureMonitorReceiver = new AzureMonitorReceiver(createServer({ key, cert }, (request, response) => void receiver.take(request, response)));
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** The connection string an Application Insights resource shows, pointing at this receiver. */
  connectionString(instrumentationKey: string): string {
    return `InstrumentationKey=${instrumentationKey};IngestionEndpoint=https://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  /** Items of one Application Insights type: `RequestData`, `RemoteDependencyData`, `MetricData`… */
  ofType(baseType: string): Envelope[] {
    return this.envelopes.filter((envelope) => envelope.data?.baseType === baseType);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const received = await boundedBody(request);
    if (!received) return void response.writeHead(413).end();
    if (request.method !== 'POST' || request.url !== '/v2.1/track') {
      this.otherRequests.push(`${request.method} ${request.url}`);
      return void response.writeHead(404).end();
    }
    const json = request.headers['content-encoding'] === 'gzip' ? gunzipSync(received, { maxOutputLength: MAX_BODY_BYTES }) : received;
    const items: Envelope[] = JSON.parse(json.toString('utf8'));
    this.envelopes.push(...items);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ itemsReceived: items.length, itemsAccepted: items.length, errors: [] }));
  }
}
