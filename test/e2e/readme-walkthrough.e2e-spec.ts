import type { NestExpressApplication } from '@nestjs/platform-express';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startDevelopmentApp } from '../support/development-app.js';
import { freePort } from '../support/free-port.js';
import { normalizeOutput, walkthroughBlocks, WALKTHROUGH_FENCE, WALKTHROUGH_PAGES } from '../support/readme-walkthrough.js';
import { truncateAll } from '../support/test-app.js';

const BLOCK_END = '@@ block end @@';
const ROOT = new URL('../../', import.meta.url);
const read = (page: string) => readFileSync(new URL(page, ROOT), 'utf8');
const markdownPages = () => ['README.md', ...readdirSync(new URL('docs/', ROOT), { recursive: true, encoding: 'utf8' }).map((name) => `docs/${name}`)].filter((page) => page.endsWith('.md'));

/**
 * The walk-through (the README's first call, then docs/api-walkthrough.md), pasted top to bottom into one
 * shell against a freshly started development service: every block runs, and prints what its page shows,
 * ids and times aside.
 */
describe('README walk-through', () => {
  let app: NestExpressApplication;
  let base: string;
  const blocks = WALKTHROUGH_PAGES.flatMap((page) => walkthroughBlocks(read(page), page));

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    ({ app, base } = await startDevelopmentApp(await freePort(), mkdtempSync(join(tmpdir(), 'ess-readme-'))));
  });
  afterAll(() => app.close());

  it(`has blocks marked ${WALKTHROUGH_FENCE} on every page of the walk-through`, () => {
    expect(blocks.length).toBeGreaterThan(5);
    expect(WALKTHROUGH_PAGES.filter((page) => !blocks.some((block) => block.page === page))).toEqual([]);
  });

  it(`runs every page that has a block marked ${WALKTHROUGH_FENCE}`, () => {
    const pagesWithBlocks = markdownPages().filter((page) => walkthroughBlocks(read(page), page).length > 0);
    expect(pagesWithBlocks.filter((page) => !WALKTHROUGH_PAGES.includes(page))).toEqual([]);
  });

  it('prints, block by block, the responses its pages show', async () => {
    const reader = mkdtempSync(join(tmpdir(), 'ess-readme-reader-'));
    writeFileSync(join(reader, 'walkthrough.sh'), ['set -euo pipefail', ...blocks.flatMap((block) => [block.script, `echo '${BLOCK_END}'`])].join('\n'));
    // Both streams, as a reader sees them (responses shown with `tee /dev/stderr`), through a real pipe:
    // Node's own stdio are sockets, which /dev/stderr cannot open. Asynchronously: the service answers
    // from this very process. A failing command shows as the output that stops there.
    const { stdout } = await promisify(execFile)('bash', ['-c', 'bash walkthrough.sh 2>&1 | cat'], {
      cwd: reader,
      env: { ...process.env, BASE: base },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const printed = stdout.split(`${BLOCK_END}\n`).slice(0, blocks.length);
    // README_DUMP=<file> keeps what the walk-through printed, to copy into the README after changing it.
    if (process.env.README_DUMP) writeFileSync(process.env.README_DUMP, stdout.replaceAll(base, 'http://localhost:3000'));
    const actual = blocks.map((block, i) => ({
      page: block.page,
      line: block.line,
      output: (printed[i] ?? '').split('\n').filter(Boolean).map((line) => normalizeOutput(line, base)),
    }));
    const shown = blocks.map((block) => ({ page: block.page, line: block.line, output: block.shown.map((line) => normalizeOutput(line, base)) }));
    expect(actual).toEqual(shown);
  });
});
