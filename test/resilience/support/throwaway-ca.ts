import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServerTls } from './dedicated-cluster.js';

const run = promisify(execFile);

export interface ThrowawayCa {
  /** The authority's certificate, as PGSSLROOTCERT or `sslrootcert=` names it. */
  caFile: string;
  server: ServerTls;
  remove(): void;
}

/**
 * A certificate authority made with `openssl` for one test, valid for a day, and a server certificate it
 * signed for `dnsName` only (subjectAltName DNS:<dnsName>): connecting by any other name must be refused.
 */
export async function throwawayCa(dnsName: string): Promise<ThrowawayCa> {
  const dir = mkdtempSync(join(tmpdir(), 'ess-ca-'));
  const file = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '1', '-subj', '/CN=ess-api test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  await run('openssl', ['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${dnsName}`]);
  writeFileSync(file('server.ext'), `subjectAltName=DNS:${dnsName}\nextendedKeyUsage=serverAuth\n`);
  await run('openssl', ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
    '-out', file('server.crt'), '-days', '1', '-extfile', file('server.ext')]);
  return {
    caFile: file('ca.pem'),
    server: { cert: readFileSync(file('server.crt'), 'utf8'), key: readFileSync(file('server.key'), 'utf8') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
