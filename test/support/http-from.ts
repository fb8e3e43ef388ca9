import type { Server } from 'node:http';
import { request } from 'node:http';
import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';

export interface FromReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** Makes the app's server listen on loopback (supertest then reuses it); returns its base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A GET sent from a chosen loopback address (Linux routes all of 127.0.0.0/8 to lo): a caller the
 * service sees as another client, without trusting any proxy header.
 */
export function getFrom(baseUrl: string, from: string, path: string, headers: Record<string, string> = {}): Promise<FromReply> {
  return sendFrom(baseUrl, from, 'GET', path, headers);
}

/** Like `getFrom`, with any method and an optional body (sent as given: set its content type in `headers`). */
export function sendFrom(baseUrl: string, from: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<FromReply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${path}`, { method, localAddress: from, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** Sends a GET from `from` and closes the connection at once, without waiting for any answer. */
export async function hangUpAfterSending(baseUrl: string, from: string, path: string, headers: Record<string, string> = {}): Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect({ host: hostname, port: Number(port), localAddress: from });
  await once(socket, 'connect');
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${hostname}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  await new Promise<void>((resolve) => socket.end(`${lines.join('\r\n')}\r\n\r\n`, resolve));
  socket.destroy();
}
