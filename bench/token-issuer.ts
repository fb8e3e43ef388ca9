import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A loopback identity provider for the benchmark: one RS256 key, JWKS over HTTP, tokens on demand. */
export class BenchTokenIssuer {
  readonly audience = 'api://ess-bench';
  private constructor(
    private readonly server: Server,
    private readonly privateKey: PrivateKey,
    readonly kid: string,
  ) {}

  static async start(): Promise<BenchTokenIssuer> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const kid = 'bench-key';
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' }] });
    const server = createServer((request, response) => {
      response.writeHead(request.url === '/keys' ? 200 : 404, { 'content-type': 'application/json' }).end(request.url === '/keys' ? jwks : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new BenchTokenIssuer(server, privateKey, kid);
  }

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get issuer(): string {
    return `${this.base}/bench/v2.0`;
  }

  get jwksUri(): string {
    return `${this.base}/keys`;
  }

  token(oid: string): Promise<string> {
    return new SignJWT({ oid })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.kid })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(this.privateKey);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
