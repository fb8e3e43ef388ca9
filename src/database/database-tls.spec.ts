import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'pg-connection-string';
import { parseEnvironment } from '../config/environment.js';
import { withTlsDefaults } from './database-tls.js';

const dir = mkdtempSync(join(tmpdir(), 'ess-tls-'));
const CA = join(dir, 'ca.pem');
writeFileSync(CA, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const NOT_PEM = join(dir, 'ca.der');
writeFileSync(NOT_PEM, Buffer.from([0x30, 0x82, 0x01, 0x0a]));
const URL_WITH_PASSWORD = 'postgresql://ess:S3cr3t-pw@db.postgres.database.azure.com:5432/ess';

describe('withTlsDefaults: the PGSSL* variables libpq reads and node-postgres does not', () => {
  it('adds PGSSLROOTCERT as the root certificate node-postgres reads, when sslmode turns TLS on', () => {
    const url = withTlsDefaults(`${URL_WITH_PASSWORD}?sslmode=verify-full`, { PGSSLROOTCERT: CA });
    expect(url).toBe(`${URL_WITH_PASSWORD}?sslmode=verify-full&sslrootcert=${encodeURIComponent(CA)}`);
    expect(parse(url)).toMatchObject({ password: 'S3cr3t-pw', host: 'db.postgres.database.azure.com', ssl: { ca: expect.stringContaining('BEGIN CERTIFICATE') } });
  });

  it('takes sslmode from PGSSLMODE when the URL has none, and keeps what the URL says over both variables', () => {
    expect(withTlsDefaults(URL_WITH_PASSWORD, { PGSSLMODE: 'verify-full', PGSSLROOTCERT: CA })).toBe(
      `${URL_WITH_PASSWORD}?sslmode=verify-full&sslrootcert=${encodeURIComponent(CA)}`,
    );
    const explicit = `${URL_WITH_PASSWORD}?sslmode=verify-full&sslrootcert=/etc/ssl/azure.pem`;
    expect(withTlsDefaults(explicit, { PGSSLMODE: 'disable', PGSSLROOTCERT: CA })).toBe(explicit);
  });

  it('leaves a URL without TLS, or with sslmode=disable, as it is', () => {
    expect(withTlsDefaults(URL_WITH_PASSWORD, { PGSSLROOTCERT: CA })).toBe(URL_WITH_PASSWORD);
    expect(withTlsDefaults(`${URL_WITH_PASSWORD}?sslmode=disable`, { PGSSLROOTCERT: CA })).toBe(`${URL_WITH_PASSWORD}?sslmode=disable`);
    expect(withTlsDefaults(URL_WITH_PASSWORD, {})).toBe(URL_WITH_PASSWORD);
  });
});

describe('the TLS settings are checked at start', () => {
  const start = (url: string, env: NodeJS.ProcessEnv = {}) => () => parseEnvironment({ DATABASE_URL: url, ...env });

  it.each([
    ['an sslmode node-postgres does not know', `${URL_WITH_PASSWORD}?sslmode=verify_full`, {}, 'DATABASE_URL: sslmode "verify_full" is not one of disable, prefer, require, verify-ca, verify-full, no-verify'],
    ['a PGSSLMODE node-postgres does not know', URL_WITH_PASSWORD, { PGSSLMODE: 'strict' }, 'PGSSLMODE: sslmode "strict" is not one of'],
    ['a PGSSLROOTCERT that does not exist', `${URL_WITH_PASSWORD}?sslmode=verify-full`, { PGSSLROOTCERT: join(dir, 'missing.pem') }, `PGSSLROOTCERT: cannot read the root certificate file ${join(dir, 'missing.pem')} (ENOENT)`],
    ['a PGSSLROOTCERT that is no PEM certificate', `${URL_WITH_PASSWORD}?sslmode=verify-full`, { PGSSLROOTCERT: NOT_PEM }, `PGSSLROOTCERT: the root certificate file ${NOT_PEM} holds no PEM certificate`],
    ['an sslrootcert in the URL that does not exist', `${URL_WITH_PASSWORD}?sslmode=verify-full&sslrootcert=${dir}/none.pem`, {}, `DATABASE_URL: cannot read the root certificate file ${dir}/none.pem (ENOENT)`],
    ["libpq's sslrootcert=system", `${URL_WITH_PASSWORD}?sslmode=verify-full&sslrootcert=system`, {}, 'DATABASE_URL: sslrootcert=system'],
  ])('refuses %s in one line naming the variable, never the password', (_case, url, env, expected) => {
    expect(start(url, env)).toThrow(`Invalid environment variable ${expected}`);
    expect(start(url, env)).toThrow(/^[^\n]+$/);
    expect(start(url, env)).not.toThrow('S3cr3t-pw');
  });

  it('accepts verify-full with a readable root certificate, and ignores PGSSLROOTCERT while TLS is off', () => {
    expect(start(`${URL_WITH_PASSWORD}?sslmode=verify-full`, { PGSSLROOTCERT: CA })).not.toThrow();
    expect(start(`${URL_WITH_PASSWORD}?sslmode=verify-full&sslrootcert=${CA}`)).not.toThrow();
    expect(start(URL_WITH_PASSWORD, { PGSSLROOTCERT: join(dir, 'missing.pem') })).not.toThrow();
  });
});
