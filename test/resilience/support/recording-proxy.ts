import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTPS proxy (HTTPS_PROXY) that lets nothing through and remembers where each connection was
 * headed: how a test sees which outside services a process tries to reach, without the internet.
 */
export class RecordingProxy {
  /** `host:port` of every CONNECT, in order. */
  readonly destinations: string[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<RecordingProxy> {
    const proxy: RecordingProxy = new RecordingProxy(
      createServer((_request, response) => response.writeHead(403).end()).on('connect', (request, socket) => {
        proxy.destinations.push(request.url ?? '');
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      }),
    );
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
