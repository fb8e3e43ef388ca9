// The compiled service with the access log's writer replaced by a no-op: the reference arm of bench/accesos.ts.
// ES modules are loaded once, so dist/main.js and every service injected with RegistroAccesos get this class.
import { RegistroAccesos } from '../dist/registro-accesos/registro-accesos.service.js';

RegistroAccesos.prototype.registrar = () => Promise.resolve();
await import('../dist/main.js');
