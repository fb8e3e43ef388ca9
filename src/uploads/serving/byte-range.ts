import type { ByteRange } from '../storage/file-storage.js';

/** What a `Range` header asks of a file of `size` bytes. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/** `bytes=<start>-<end>`, `bytes=<start>-` or `bytes=-<suffix length>`; digits bounded so parsing stays trivial. */
const SINGLE_RANGE = /^bytes=(?:(\d{1,15})-(\d{0,15})|-(\d{1,15}))$/;

/**
 * One byte range, as video players ask for. A header that is absent, malformed or names several
 * ranges is ignored and the whole file is sent, as RFC 9110 allows; a range that starts past the
 * end (or a zero-length suffix) cannot be served.
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first, last, suffix] = match;
  if (suffix !== undefined) {
    const length = Number(suffix);
    return length === 0 ? { kind: 'unsatisfiable' } : { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end: Math.min(end, size - 1) } };
}
