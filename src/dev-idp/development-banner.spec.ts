import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import { walkthroughBlocks } from '../../test/support/readme-walkthrough.js';
import { buildAppConfig } from '../config/app-config.js';
import { parseEnvironment } from '../config/environment.js';
import { printDevelopmentBanner } from './development-banner.js';

function bannerFor(env: Record<string, string>, certificateFile: string | null): string {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    printDevelopmentBanner(buildAppConfig(parseEnvironment(env), 'postgresql://embedded'), certificateFile);
    return write.mock.calls.map(([chunk]) => String(chunk)).join('');
  } finally {
    write.mockRestore();
  }
}

/** The README's first walk-through block as the banner shows it: on `base`, without the responses, indented. */
function readmeFirstCall(base: string): string {
  const [first] = walkthroughBlocks(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
  return first!.script
    .split('\n')
    .filter((line) => !line.startsWith('# '))
    .map((line) => `  ${line.replace('BASE=${BASE:-http://localhost:3000}', `BASE=${base}`)}`)
    .join('\n');
}

describe('development banner', () => {
  it('with DEV_HTTPS, names the certificate to trust and how MSAL signs in, and keeps curl on the http port', () => {
    const banner = bannerFor({ DEV_HTTPS: 'true', PORT: '3000' }, '/srv/data/dev-https/cert.pem');
    expect(banner).toContain('ess-api is running at https://localhost:3443 ');
    expect(banner).toContain('NODE_EXTRA_CA_CERTS=/srv/data/dev-https/cert.pem');
    expect(banner).toContain('authority https://localhost:3443/dev-idp/dev-tenant, client_id ess-spa, scope api://ess-api/access_as_user');
    expect(banner).toContain(readmeFirstCall('http://localhost:3000'));
  });

  it('without it, mentions no certificate', () => {
    const banner = bannerFor({ PORT: '3000' }, null);
    expect(banner).not.toContain('certificate');
    expect(banner).toContain(readmeFirstCall('http://localhost:3000'));
  });

  it('points to the explorer, where Authorize signs in as an employee', () => {
    expect(bannerFor({ PORT: '3000' }, null)).toContain('OpenAPI explorer: http://localhost:3000/api/docs/ (Authorize → dev-idp: sign in as any active employee)');
  });

  it("shows the README's first call on the service's own port", () => {
    const banner = bannerFor({ PORT: '3100' }, null);
    expect(banner).toContain(readmeFirstCall('http://localhost:3100'));
    expect(banner).not.toContain('sed');
  });
});
