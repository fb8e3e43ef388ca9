import { request } from 'node:https';
import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * MSAL's network client, trusting one extra certificate: the development https listener's. (A
 * separate process would set NODE_EXTRA_CA_CERTS instead; Node reads it only at startup.)
 */
export class TrustingNetworkClient implements INetworkModule {
  constructor(private readonly ca: string) {}

  sendGetRequestAsync<T>(url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
    return this.send<T>('GET', url, options);
  }

  sendPostRequestAsync<T>(url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
    return this.send<T>('POST', url, options);
  }

  /** Any https request trusting the certificate; the body is parsed as JSON when it is JSON. */
  send<T>(method: string, url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
    return new Promise((resolve, reject) => {
      const outgoing = request(url, { method, headers: options?.headers, ca: this.ca }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) response.destroy(new Error(`${url} answered more than ${MAX_BODY_BYTES} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
          const json = headers['content-type']?.includes('json');
          resolve({ status: response.statusCode!, headers, body: (json ? JSON.parse(text) : text) as T });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(options?.body);
    });
  }
}
