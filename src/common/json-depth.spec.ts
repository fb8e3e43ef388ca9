import { jsonDepth, MAX_JSON_DEPTH, refuseDeepJson } from './json-depth.js';

const depthOf = (text: string) => jsonDepth(Buffer.from(text));

describe('jsonDepth', () => {
  it('counts nested objects and arrays', () => {
    expect(depthOf('"plain"')).toBe(0);
    expect(depthOf('{"a":1}')).toBe(1);
    expect(depthOf('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(depthOf('[[],[],[[]]]')).toBe(3);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(depthOf('{"a":"[[[{{{"}')).toBe(1);
    expect(depthOf('{"a":"\\"[[[\\""}')).toBe(1);
  });
});

describe('refuseDeepJson', () => {
  it(`lets ${MAX_JSON_DEPTH} levels through and refuses one more with a 400`, () => {
    const nested = (levels: number) => Buffer.from(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    expect(() => refuseDeepJson(undefined, undefined, nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => refuseDeepJson(undefined, undefined, nested(MAX_JSON_DEPTH + 1))).toThrow(expect.objectContaining({ status: 400 }));
  });
});
