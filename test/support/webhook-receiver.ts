import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookRecibido {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP receiver of webhooks on loopback: records every request and answers each path with the next
 * status of its script (then 200 for ever).
 */
export class TestWebhookReceiver {
  readonly received: WebhookRecibido[] = [];
  private readonly scripts = new Map<string, number[]>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<TestWebhookReceiver> {
    const server = createServer();
    const receiver = new TestWebhookReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        receiver.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = receiver.scripts.get(path)?.shift() ?? 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** `path` answers these statuses first, in order. */
  answer(path: string, ...statuses: number[]): void {
    this.scripts.set(path, statuses);
  }

  at(path: string): WebhookRecibido[] {
    return this.received.filter((request) => request.path === path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
