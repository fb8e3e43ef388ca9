import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TEST_AUDIENCE, TEST_ISSUER } from '../support/test-identity-provider.js';

const run = promisify(execFile);

/** `npm run start:prod` with only PATH set, and `extra` on top; resolves with the exit code and stderr. */
async function startProd(extra: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  try {
    await run('npm', ['run', '--silent', 'start:prod'], { env: { PATH: process.env.PATH, ...extra }, timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

/** Only the service's own line: npm adds its lifecycle noise after a failing script. */
const serviceLine = (stderr: string) => stderr.split('\n').find((line) => line.startsWith('Missing') || line.startsWith('Invalid'));

describe('npm run start:prod', () => {
  it('runs with NODE_ENV=production by itself: without configuration it refuses, naming what production requires', async () => {
    const started = await startProd();
    expect(started.code).not.toBe(0);
    expect(serviceLine(started.stderr)).toBe('Missing environment variable DATABASE_URL: required when NODE_ENV=production');
  });

  it('refuses a plain-http key endpoint in production', async () => {
    const started = await startProd({
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres',
      AUTH_ISSUER_BASE_URL: TEST_ISSUER,
      AUTH_AUDIENCE: TEST_AUDIENCE,
      AUTH_JWKS_URI: 'http://127.0.0.1:9/keys',
    });
    expect(started.code).not.toBe(0);
    expect(serviceLine(started.stderr)).toBe('Invalid environment variable AUTH_JWKS_URI: must be an https:// URL when NODE_ENV=production');
  });
});
