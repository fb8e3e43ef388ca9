// The compiled service as shipped, loaded through a module as the reference arm is (bench/accesos-sin-registro.mjs),
// so that the two arms of bench/accesos.ts differ in the access log's writer only.
await import('../dist/main.js');
