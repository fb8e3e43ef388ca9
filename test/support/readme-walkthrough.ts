/** A shell block of the walk-through: its script, and the output its `# ` lines show. */
export interface WalkthroughBlock {
  /** The page it is on and the 1-based line of its opening fence, to name the block in failures. */
  page: string;
  line: number;
  script: string;
  shown: string[];
}

/** The fence that marks a block as part of the walk-through; GitHub still highlights it as bash. */
export const WALKTHROUGH_FENCE = '```bash walkthrough';

/**
 * The pages whose walk-through blocks are one shell session, in the order a reader pastes them (paths from the
 * repository root): the README's first call defines the tokens the API walk-through uses.
 */
export const WALKTHROUGH_PAGES = ['README.md', 'docs/api-walkthrough.md'];

export function walkthroughBlocks(markdown: string, page = 'README.md'): WalkthroughBlock[] {
  const lines = markdown.split('\n');
  const blocks: WalkthroughBlock[] = [];
  let current: { line: number; body: string[] } | null = null;
  lines.forEach((text, index) => {
    if (current === null) {
      if (text.trim() === WALKTHROUGH_FENCE) current = { line: index + 1, body: [] };
    } else if (text.trim() === '```') {
      blocks.push({ page, line: current.line, script: current.body.join('\n'), shown: current.body.filter((l) => l.startsWith('# ')).map((l) => l.slice(2)) });
      current = null;
    } else {
      current.body.push(text);
    }
  });
  return blocks;
}

/**
 * What may differ between runs: ids, timestamps, dates and years (the demo data follows today),
 * stored file names' millisecond prefixes, link signatures, and the service's address.
 */
export function normalizeOutput(line: string, base: string): string {
  return line
    .replaceAll(base, 'http://localhost:3000')
    .replace(/"(id_[a-z_]+)":\d+/g, '"$1":<id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<instante>')
    .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g, '<instante>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<fecha>')
    .replace(/"anio":\d{4}/g, '"anio":<año>')
    .replace(/\/\d{13}-/g, '/<ms>-')
    .replace(/firma=[A-Za-z0-9_-]+&expira=\d+/g, 'firma=<firma>&expira=<expira>');
}
