/** Where the OpenAPI explorer is served (API_DOCS); the development identity provider registers its sign-in redirect under it. */
export const API_DOCS_PATH = '/api/docs';
