// Jest on Node 20 cannot require() an ES module, and jwks-rsa (CommonJS) requires jose, which is
// ESM-only since v6. For require() calls only, hand it jose v5's CommonJS build (same API);
// import statements, like the service's own, still get jose v6. Node itself needs none of this.
module.exports = (request, options) => {
  const isRequire = options.conditions?.includes('require');
  return options.defaultResolver(isRequire && request === 'jose' ? 'jose-cjs' : request, options);
};
