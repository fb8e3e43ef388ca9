import fc from 'fast-check';
import { FILTER_PATTERN } from './scim-user.openapi.js';
import { parseUsuariosQuery } from './scim-list-query.js';

const readsFilter = (filter: string) => {
  try {
    parseUsuariosQuery({ filter });
    return true;
  } catch {
    return false;
  }
};

const space = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0');
const attribute = fc.constantFrom('userName', 'USERNAME', 'externalId', 'externalid', 'emails[type eq "work"].value', 'emails [ TYPE EQ "Work" ] . Value', 'emails[type eq "home"].value', 'title', 'userName.x');
const operator = fc.constantFrom('eq', 'EQ', 'Eq', 'ne', 'co', 'pr');
/** JSON string content, good and bad: escapes JSON.parse takes or refuses, a control character, quotes. */
const content = fc.array(fc.constantFrom('a', 'é', ' ', '"', '\\', '\\"', '\\\\', '\\q', '\\n', '\\u00e9', '\\u00G9', '\u0001', '\u007f'), { maxLength: 6 }).map((parts) => parts.join(''));
const value = fc.oneof(content.map((text) => `"${text}"`), content);
/** Filters shaped as Entra sends them, and near misses in every part. */
const filters = fc.tuple(space, attribute, space, operator, space, value, space, fc.constantFrom('', ' and active eq true')).map((parts) => parts.join(''));

describe("openapi.json's filter pattern", () => {
  it('takes exactly the filters parseUsuariosQuery reads', () => {
    fc.assert(
      fc.property(filters, (filter) => {
        expect({ filter, takes: new RegExp(FILTER_PATTERN).test(filter) }).toEqual({ filter, takes: readsFilter(filter) });
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes the three filters Entra ID sends', () => {
    for (const filter of ['userName eq "ana@contoso.example"', 'externalId eq "0f8a4c3e-5b7d-4f1a-9c2e-6d3b8a1f0e47"', 'emails[type eq "work"].value eq "ana@contoso.example"']) {
      expect(new RegExp(FILTER_PATTERN).test(filter) && readsFilter(filter)).toBe(true);
    }
  });
});
