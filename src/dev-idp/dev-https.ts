import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { applyHttpTimeouts } from '../common/http-timeouts.js';
import type { AppConfig } from '../config/app-config.js';

const CERTIFICATE_VALID_DAYS = 825;

export interface DevelopmentCertificate {
  key: string;
  cert: string;
  /** The certificate file to trust (NODE_EXTRA_CA_CERTS, the browser, the OS store). */
  certFile: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, generated once into DATA_DIR and kept so trusting it lasts. */
export async function loadOrCreateDevelopmentCertificate(dataDir: string): Promise<DevelopmentCertificate> {
  const directory = join(dataDir, 'dev-https');
  const certFile = join(directory, 'cert.pem');
  const keyFile = join(directory, 'key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    // A devDependency, loaded only when DEV_HTTPS=true, which production refuses.
    const { default: selfsigned } = await import('selfsigned');
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + CERTIFICATE_VALID_DAYS * 86_400_000),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
      ],
    });
    mkdirSync(directory, { recursive: true });
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    writeFileSync(certFile, pems.cert);
  }
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/**
 * Serves the same application over https on DEV_HTTPS_PORT, beside the http listener, and closes
 * with it. Returns the certificate's path for the startup banner.
 */
export async function listenDevelopmentHttps(app: NestExpressApplication, config: AppConfig, host?: string): Promise<string | null> {
  if (config.devHttpsPort === null) return null;
  const certificate = await loadOrCreateDevelopmentCertificate(config.dataDir);
  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, app.getHttpAdapter().getInstance());
  applyHttpTimeouts(server, config.httpTimeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.devHttpsPort!, host, resolve);
  });
  app.getHttpServer().once('close', () => {
    server.close();
    server.closeAllConnections();
  });
  return certificate.certFile;
}
