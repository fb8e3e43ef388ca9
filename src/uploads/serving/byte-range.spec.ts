import { rangeOf } from './byte-range.js';

describe('rangeOf', () => {
  it.each([
    ['bytes=0-3', { kind: 'part', range: { start: 0, end: 3 } }],
    ['bytes=4-', { kind: 'part', range: { start: 4, end: 9 } }],
    ['bytes=-3', { kind: 'part', range: { start: 7, end: 9 } }],
    ['bytes=-50', { kind: 'part', range: { start: 0, end: 9 } }],
    ['bytes=5-500', { kind: 'part', range: { start: 5, end: 9 } }],
    ['bytes=9-9', { kind: 'part', range: { start: 9, end: 9 } }],
    ['bytes=10-', { kind: 'unsatisfiable' }],
    ['bytes=10-20', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
  ])('reads %p of a 10-byte file', (header, answer) => {
    expect(rangeOf(header, 10)).toEqual(answer);
  });

  it.each([
    ['no header', undefined],
    ['another unit', 'items=0-3'],
    ['several ranges', 'bytes=0-1,4-5'],
    ['an end before the start', 'bytes=5-2'],
    ['no numbers', 'bytes=-'],
    ['a negative start', 'bytes=--3'],
    ['digits beyond any file size', `bytes=${'9'.repeat(40)}-`],
  ])('ignores %s and sends the whole file', (_kind, header) => {
    expect(rangeOf(header, 10)).toEqual({ kind: 'whole' });
  });
});
