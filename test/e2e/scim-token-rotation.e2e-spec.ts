import { expectScimError, LIST_RESPONSE_SCHEMA, scimClient } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Both made with `openssl rand -base64 48`. */
const OLD_TOKEN = '/qth2PXrID4cq6ptHrjMUE55xxdNQ6ucwBXLykGEDq5+KxGWWSmLjUJnI9D5+rrB';
const NEW_TOKEN = 'U4/u4pJ100zjwTtJxWIqAQt4o7bvvRcfSB2toJVJhp7aroMDogHBaemhM9RNNZiK';

/** Entra ID's Test Connection: a filtered query for a user that may not exist. */
const testConnection = (t: TestApp, token: string) => scimClient(t, token).get('/Users?filter=userName eq "nadie@empresa.example"');

describe('rotating SCIM_TOKEN with SCIM_TOKEN_PREVIOUS', () => {
  let t: TestApp | undefined;
  const restart = async (env: Record<string, string>) => {
    await t?.close();
    t = await startTestApp({ env, keepData: true });
    return t;
  };
  afterAll(() => t?.close());

  it('accepts only the old token before, both while Entra ID is switched to the new one, and only the new one after', async () => {
    const before = await restart({ SCIM_TOKEN: OLD_TOKEN });
    expect((await testConnection(before, OLD_TOKEN)).body).toMatchObject({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 0 });
    expectScimError(await testConnection(before, NEW_TOKEN), 401);

    const during = await restart({ SCIM_TOKEN: NEW_TOKEN, SCIM_TOKEN_PREVIOUS: OLD_TOKEN });
    expect((await testConnection(during, OLD_TOKEN)).status).toBe(200);
    expect((await testConnection(during, NEW_TOKEN)).status).toBe(200);
    expectScimError(await testConnection(during, `${NEW_TOKEN.slice(0, -1)}x`), 401);

    const after = await restart({ SCIM_TOKEN: NEW_TOKEN });
    expect((await testConnection(after, NEW_TOKEN)).status).toBe(200);
    expectScimError(await testConnection(after, OLD_TOKEN), 401);
  });
});
