import { describe, expect, it, jest } from '@jest/globals';
import { sqlOfShape } from './prepared-query.js';

describe('sqlOfShape', () => {
  it('builds the text of a shape once and answers it again', () => {
    const build = jest.fn(() => 'SELECT 1 WHERE a = $1');
    expect(sqlOfShape('spec: a', build)).toBe('SELECT 1 WHERE a = $1');
    expect(sqlOfShape('spec: a', build)).toBe('SELECT 1 WHERE a = $1');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps 1,000 shapes at most: past them, texts are built every time and still right', () => {
    for (let shape = 0; shape < 1000; shape += 1) sqlOfShape(`spec: filler ${shape}`, () => `SELECT ${shape}`);
    const build = jest.fn(() => 'SELECT 2');
    expect(sqlOfShape('spec: past the bound', build)).toBe('SELECT 2');
    expect(sqlOfShape('spec: past the bound', build)).toBe('SELECT 2');
    expect(build).toHaveBeenCalledTimes(2);
  });
});
