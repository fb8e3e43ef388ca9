import type { TipoDatoConservado } from '../config/app-config.js';
import { aplicarRetencion, type DependenciasRetencion, type OpcionesRetencion, type ResultadoRetencion } from '../privacidad-retencion/aplicar-retencion.js';
import type { ResultadoFase } from '../privacidad-retencion/informe.js';
import { CliError } from './cli-errors.js';
import type { Output } from './cli-runner.js';

/** Runs the retention phases once and prints what they did, or with a dry run what they would do. */
export async function aplicarPrivacidad(deps: DependenciasRetencion, opciones: OpcionesRetencion, output: Output): Promise<ResultadoRetencion> {
  const resultado = await aplicarRetencion(deps, opciones);
  if (!resultado.bloqueo.ejecutado || !resultado.purga.ejecutado) throw new CliError('Another retention run is in progress (the scheduled job or another instance): try again later.');
  const [bloquea, purga] = opciones.simulacro ? ['Would block', 'Would purge'] : ['Blocked', 'Purged'];
  output.out(`${bloquea} on ${resultado.hoy}: ${resultado.bloqueo.filas} row(s)`);
  imprimirFase(resultado.bloqueo, output);
  output.out(`${purga} on ${resultado.hoy}: ${resultado.purga.filas} row(s)${opciones.simulacro ? '' : `, ${resultado.purga.archivos} file(s) removed`}`);
  imprimirFase(resultado.purga, output);
  if (resultado.purga.pendientes) output.err(`${resultado.purga.pendientes} file(s) could not be removed from storage: their rows are left for the next run.`);
  if (opciones.simulacro) output.out('Dry run: nothing was changed.');
  return resultado;
}

function imprimirFase(fase: ResultadoFase, output: Output): void {
  const tipos = (filas: Partial<Record<TipoDatoConservado, number>>) =>
    Object.entries(filas)
      .filter(([, n]) => n)
      .map(([tipo, n]) => `${tipo} ${n}`)
      .join(', ');
  if (!fase.filas) return;
  output.out(`  by kind: ${tipos(fase.por_tipo)}`);
  for (const [idEmpleado, filas] of Object.entries(fase.por_empleado)) output.out(`  employee ${idEmpleado}: ${tipos(filas)}`);
}
