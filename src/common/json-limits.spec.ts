import { costGrowth } from '../../test/support/relative-cost.js';
import { brokenJsonLimit, MAX_JSON_DEPTH, MAX_LIST_ITEMS, MAX_OBJECT_MEMBERS, refuseOversizedJson } from './json-limits.js';

const brokenIn = (text: string) => brokenJsonLimit(Buffer.from(text));
const list = (length: number) => `[${new Array(length).fill(1).join(',')}]`;
const object = (members: number) => `{${Array.from({ length: members }, (_, i) => `"k${i}":1`).join(',')}}`;
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('brokenJsonLimit', () => {
  it('lets the limits through, at any depth', () => {
    expect(brokenIn(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(brokenIn(`{"a":${list(MAX_LIST_ITEMS)},"b":[${object(MAX_OBJECT_MEMBERS)}],"c":"x"}`)).toBeUndefined();
    expect(brokenIn(`[${new Array(MAX_LIST_ITEMS).fill(object(MAX_OBJECT_MEMBERS)).join(',')}]`)).toBeUndefined();
  });

  it.each([
    ['one level too many', nested(MAX_JSON_DEPTH + 1), 'depth'],
    ['a list one element too long', `{"ids":${list(MAX_LIST_ITEMS + 1)}}`, 'size'],
    ['an object one member too large', object(MAX_OBJECT_MEMBERS + 1), 'size'],
    ['a long list deep inside', `{"a":[[{"b":${list(MAX_LIST_ITEMS + 1)}}]]}`, 'size'],
    ['a large object after a closed one', `[${object(3)},${object(MAX_OBJECT_MEMBERS + 1)}]`, 'size'],
  ])('finds %s', (_case, text, limit) => {
    expect(brokenIn(text)).toBe(limit);
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(brokenIn(`{"a":"${'[{,'.repeat(5_000)}"}`)).toBeUndefined();
    expect(brokenIn(`{"a":"\\"${'[,'.repeat(5_000)}\\""}`)).toBeUndefined();
  });

  it('reads a megabyte in linear time', () => {
    const body = (length: number) => Buffer.from(`{"a":"${'x'.repeat(length)}","b":${list(MAX_LIST_ITEMS)}}`);
    expect(brokenJsonLimit(body(1_000_000))).toBeUndefined();
    const reading = (length: number) => {
      const text = body(length);
      return () => brokenJsonLimit(text);
    };
    // Linear work costs about 8 times as much for 8 times the bytes; quadratic work 64 times.
    expect(costGrowth(reading, 125_000, 8)).toBeLessThan(24);
  });
});

describe('refuseOversizedJson', () => {
  it.each([
    [nested(MAX_JSON_DEPTH + 1), 'entity.too.deep', 'El cuerpo de la solicitud anida más de 64 niveles.'],
    [object(MAX_OBJECT_MEMBERS + 1), 'entity.too.many.elements', 'El cuerpo de la solicitud es demasiado grande: como máximo 100 campos por objeto y 1000 elementos por lista.'],
  ])('refuses a body past a limit with a 400 of its own type and message', (text, type, message) => {
    expect(() => refuseOversizedJson(undefined, undefined, Buffer.from(text))).toThrow(expect.objectContaining({ status: 400, type, message }));
  });

  it('lets a body within the limits through', () => {
    expect(() => refuseOversizedJson(undefined, undefined, Buffer.from(nested(MAX_JSON_DEPTH)))).not.toThrow();
  });
});
