import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { remark } from 'remark';
import { engine } from 'unified-engine';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every problem remark-validate-links finds in the README and docs/, as `file:line: reason`. */
function brokenLinks(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    engine(
      {
        processor: remark(),
        cwd: ROOT,
        files: ['README.md', 'docs'],
        extensions: ['md'],
        // Given to the engine rather than the processor, the plugin sees the whole file set, so links to headings of
        // other pages are checked too. Relative links only: the checks read this working copy, not a hosting service.
        plugins: [['remark-validate-links', { repository: false }]],
        out: false,
        quiet: true,
        streamError: new PassThrough(),
      },
      (error, _code, context) => {
        if (error) return reject(error);
        resolve((context?.files ?? []).flatMap((file) => file.messages.map((message) => `${file.path}:${message.line}: ${message.reason}`)));
      },
    );
  });
}

describe('Documentation links', () => {
  it('point from the README and docs/ to files and headings that exist', async () => {
    await expect(brokenLinks()).resolves.toEqual([]);
  });
});
