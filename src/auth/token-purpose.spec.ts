import { isMeantForThisApi, type PurposeSettings } from './token-purpose.js';

const defaults: PurposeSettings = { acceptedScopes: ['access_as_user'], acceptedAppRoles: ['access_as_application'], allowedClientIds: [] };
const onlyClients = (...allowedClientIds: string[]): PurposeSettings => ({ ...defaults, allowedClientIds });

describe('isMeantForThisApi', () => {
  it.each([
    ['an accepted scope', { scp: 'access_as_user' }, true],
    ['an accepted scope among others', { scp: 'User.Read access_as_user' }, true],
    ['another scope only', { scp: 'User.Read' }, false],
    ['a scope that merely contains the accepted one', { scp: 'access_as_user_admin' }, false],
    ['an empty scp', { scp: '' }, false],
    ['a scp that is not a string', { scp: ['access_as_user'] }, false],
    ['an accepted app role and no scp', { roles: ['access_as_application'], idtyp: 'app' }, true],
    ['an accepted app role without idtyp', { roles: ['access_as_application'] }, true],
    ['another app role only', { roles: ['Other.Role'] }, false],
    ['roles that are not a list', { roles: 'access_as_application' }, false],
    ['neither scp nor roles', {}, false],
    ['a user token (idtyp user) with the app role but no scope', { idtyp: 'user', roles: ['access_as_application'] }, false],
    ['a delegated token with the app role but another scope', { scp: 'User.Read', roles: ['access_as_application'] }, false],
  ])('%s → %s', (_case, claims, expected) => {
    expect(isMeantForThisApi(claims, defaults)).toBe(expected);
  });

  it('admits any client while no client id is configured', () => {
    expect(isMeantForThisApi({ scp: 'access_as_user' }, defaults)).toBe(true);
    expect(isMeantForThisApi({ scp: 'access_as_user', azp: 'anyone' }, defaults)).toBe(true);
  });

  it('admits only the configured clients, by azp (v2.0) or appid (v1.0)', () => {
    const settings = onlyClients('spa', 'daemon');
    expect(isMeantForThisApi({ scp: 'access_as_user', azp: 'spa' }, settings)).toBe(true);
    expect(isMeantForThisApi({ roles: ['access_as_application'], appid: 'daemon' }, settings)).toBe(true);
    expect(isMeantForThisApi({ scp: 'access_as_user', azp: 'other' }, settings)).toBe(false);
    expect(isMeantForThisApi({ scp: 'access_as_user', appid: 'other' }, settings)).toBe(false);
    expect(isMeantForThisApi({ scp: 'access_as_user' }, settings)).toBe(false);
  });
});
