/** Node's codes for a server certificate that no trusted authority signed. */
const UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);
const OUT_OF_DATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
/** node-postgres's words when the server answers the TLS request with "no". */
const SERVER_WITHOUT_TLS = 'The server does not support SSL connections';

interface ConnectionError {
  code?: string;
  host?: string;
  message?: string;
}

/**
 * What to tell the operator when a database connection failed TLS verification, in one line without
 * a stack, or undefined for any other failure. Retrying cannot help these: the settings must change.
 */
export function databaseTlsFailure(error: unknown): string | undefined {
  if (error instanceof AggregateError) return error.errors.map(databaseTlsFailure).find(Boolean);
  const { code = '', host, message } = (error ?? {}) as ConnectionError;
  const prefix = 'Cannot connect to the database over TLS:';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `${prefix} the server's certificate is not issued for the host "${host ?? 'unknown'}" of DATABASE_URL (${code}); connect by a name the certificate lists (sslmode=verify-full checks it).`;
  }
  if (UNTRUSTED.has(code)) {
    return `${prefix} no trusted authority signed the server's certificate (${code}); set PGSSLROOTCERT, or sslrootcert in DATABASE_URL, to the file of its root certificate.`;
  }
  if (OUT_OF_DATE.has(code)) return `${prefix} the server's certificate is outside its validity period (${code}).`;
  if (message === SERVER_WITHOUT_TLS) {
    return `${prefix} the server does not accept TLS; turn ssl on at the server, or set sslmode=disable where the network is trusted.`;
  }
  return undefined;
}
