/** The hosts of this machine: where the clients registered for "any local address" may be sent back to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackUrl(candidate: string): boolean {
  if (!URL.canParse(candidate)) return false;
  const url = new URL(candidate);
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.includes(url.hostname) && !url.hash && !candidate.includes('#');
}
