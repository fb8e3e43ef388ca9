import type { IncomingMessage } from 'node:http';

/** Bounded: a runaway exporter must not fill the test's memory. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The request's body, or null once it grows past MAX_BODY_BYTES (the caller answers 413). */
export async function boundedBody(request: IncomingMessage): Promise<Buffer | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
