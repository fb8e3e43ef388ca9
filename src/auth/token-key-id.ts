/** The `kid` of a compact JWS's protected header, read without verifying anything. */
export function tokenKeyId(rawToken: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(rawToken.split('.', 1)[0] ?? '', 'base64url').toString('utf8'));
    return typeof header?.kid === 'string' && header.kid ? header.kid : undefined;
  } catch {
    return undefined;
  }
}
