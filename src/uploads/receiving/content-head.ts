import { Readable } from 'node:stream';

export interface ContentWithHead {
  /** The first bytes of the content: at least the size asked for, unless the content is shorter. */
  head: Buffer;
  /** The whole content, head included, not yet read past the head. */
  whole: Readable;
}

/** Reads only the first `size` bytes of `content`, so its type can be judged before the rest arrives. */
export async function readHead(content: Readable, size: number): Promise<ContentWithHead> {
  const chunks = content[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const read: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) break;
    read.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(read);
  async function* headThenRest(): AsyncGenerator<Buffer> {
    try {
      yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } finally {
      // A consumer that stops early must release the source too.
      await chunks.return?.();
    }
  }
  return { head, whole: Readable.from(headThenRest(), { objectMode: false }) };
}
