import { acceptedAudiences, acceptedIssuers } from './token-acceptance.js';

const GUID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('acceptedIssuers', () => {
  it("adds the tenant's v1.0 issuer to an Entra ID v2.0 issuer", () => {
    expect(acceptedIssuers({ issuer: 'https://login.microsoftonline.com/my-tenant/v2.0', audience: 'api://x' })).toEqual([
      'https://login.microsoftonline.com/my-tenant/v2.0',
      'https://sts.windows.net/my-tenant/',
    ]);
  });

  it('accepts only the configured issuer for other providers', () => {
    expect(acceptedIssuers({ issuer: 'https://idp.example.com/realm', audience: 'api://x' })).toEqual(['https://idp.example.com/realm']);
  });
});

describe('acceptedAudiences', () => {
  it('adds the client-id GUID of an api:// audience', () => {
    expect(acceptedAudiences({ issuer: 'x', audience: `api://${GUID}` })).toEqual([`api://${GUID}`, GUID]);
  });

  it('adds nothing when the api:// URI does not hold a GUID', () => {
    expect(acceptedAudiences({ issuer: 'x', audience: 'api://ess-api' })).toEqual(['api://ess-api']);
  });
});
