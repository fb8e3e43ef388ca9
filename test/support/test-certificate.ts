import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate as a file, for a child process's NODE_EXTRA_CA_CERTS. */
  certFile: string;
}

let generated: Promise<TestCertificate> | undefined;

/** A self-signed certificate for 127.0.0.1 and localhost, made once per test process. */
export function testCertificate(): Promise<TestCertificate> {
  generated ??= (async () => {
    const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }],
    });
    const certFile = join(mkdtempSync(join(tmpdir(), 'ess-test-cert-')), 'cert.pem');
    writeFileSync(certFile, pems.cert);
    return { key: pems.private, cert: pems.cert, certFile };
  })();
  return generated;
}
