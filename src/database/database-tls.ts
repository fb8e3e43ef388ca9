import { readFileSync, statSync } from 'node:fs';

/** The sslmode values node-postgres knows (pg-connection-string); anything else it would silently treat as verify-full. */
const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];
/** Root certificate bundles are a few kilobytes; a larger file is not one, and is not read whole. */
const MAX_ROOT_CERTIFICATE_BYTES = 1024 * 1024;
const PEM_CERTIFICATE = '-----BEGIN CERTIFICATE-----';

/** A connection URL's query parameters, read without parsing the rest (node-postgres accepts URLs `new URL` refuses). */
function queryOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : url.slice(start + 1));
}

function usesTls(query: URLSearchParams, env: NodeJS.ProcessEnv): boolean {
  const mode = query.get('sslmode') ?? env.PGSSLMODE;
  return mode ? mode !== 'disable' : ['true', '1'].includes(query.get('ssl') ?? '');
}

/**
 * The URL with libpq's environment defaults for TLS filled in where it has no value of its own:
 * `sslmode` from PGSSLMODE and, when TLS is on, `sslrootcert` from PGSSLROOTCERT. node-postgres
 * never reads PGSSLROOTCERT, and PGSSLMODE only for a URL without TLS parameters; given in the URL,
 * both reach it the way `sslmode=verify-full&sslrootcert=<file>` does.
 */
export function withTlsDefaults(url: string, env: NodeJS.ProcessEnv = process.env): string {
  const query = queryOf(url);
  const added = new URLSearchParams();
  if (!query.has('sslmode') && env.PGSSLMODE) added.set('sslmode', env.PGSSLMODE);
  if (!query.has('sslrootcert') && env.PGSSLROOTCERT && usesTls(query, env)) added.set('sslrootcert', env.PGSSLROOTCERT);
  if (!added.size) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${added.toString()}`;
}

/**
 * Why the TLS settings of DATABASE_URL and the PGSSL* variables cannot work, as a one-line message
 * naming the variable, or undefined. Never quotes the URL: it may hold the password.
 */
export function databaseTlsProblem(url: string, env: NodeJS.ProcessEnv): string | undefined {
  const query = queryOf(url);
  const modes: [string, string | null | undefined][] = [
    ['DATABASE_URL', query.get('sslmode')],
    ['PGSSLMODE', env.PGSSLMODE],
  ];
  for (const [variable, mode] of modes) {
    if (mode && !SSL_MODES.includes(mode)) return `Invalid environment variable ${variable}: sslmode "${mode.slice(0, 20)}" is not one of ${SSL_MODES.join(', ')}`;
  }
  const rootCertificate: [string, string | null | undefined] = query.has('sslrootcert')
    ? ['DATABASE_URL', query.get('sslrootcert')]
    : ['PGSSLROOTCERT', usesTls(query, env) ? env.PGSSLROOTCERT : undefined];
  const [variable, file] = rootCertificate;
  const problem = file ? rootCertificateProblem(file) : undefined;
  return problem && `Invalid environment variable ${variable}: ${problem}`;
}

function rootCertificateProblem(file: string): string | undefined {
  if (file === 'system') {
    return "sslrootcert=system (libpq's operating-system store) is not supported by node-postgres: leave the root certificate unset to use Node's trusted authorities, and run Node with --use-system-ca to add the system's";
  }
  try {
    if (statSync(file).size > MAX_ROOT_CERTIFICATE_BYTES) return `the root certificate file ${file} is larger than 1 MiB`;
    if (!readFileSync(file, 'utf8').includes(PEM_CERTIFICATE)) return `the root certificate file ${file} holds no PEM certificate (${PEM_CERTIFICATE})`;
    return undefined;
  } catch (error) {
    return `cannot read the root certificate file ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`;
  }
}
