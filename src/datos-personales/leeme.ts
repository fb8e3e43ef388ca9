import type { TipoDeDatos } from './tipo-de-datos.js';

export interface PortadaDelLeeme {
  idEmpleado: number;
  nombre: string;
  /** When the export was read: every file shows the data as it was at this instant. */
  generadoEn: Date;
}

/** The README in Spanish: what the export is and what each file holds. */
export function leeme(portada: PortadaDelLeeme, tipos: readonly TipoDeDatos[]): string {
  const archivos = tipos.map((tipo) => `${tipo.archivo}\n    ${tipo.descripcion}`).join('\n\n');
  return `DATOS PERSONALES DE ${portada.nombre} (empleado ${portada.idEmpleado})
Generado el ${portada.generadoEn.toISOString()} (hora UTC).

Este archivo ZIP contiene los datos personales que la aplicación de autoservicio del empleado guarda sobre ti,
en un formato estructurado, de uso común y lectura mecánica (JSON, codificado en UTF-8), tal como prevén los
artículos 15 (derecho de acceso) y 20 (derecho a la portabilidad) del Reglamento General de Protección de Datos.
Todos los archivos reflejan los datos en el mismo instante.

Cada archivo .json es una lista de objetos, uno por registro, ordenada por su identificador
(las notificaciones, de la más reciente a la más antigua). Las fechas van
como AAAA-MM-DD y los instantes en UTC (ISO 8601). Cuando un registro nombra a otra persona (tu responsable,
quien aprobó una solicitud, quien te envió una notificación…), solo aparecen su identificador y su nombre.
No se incluyen los datos que estén bloqueados por haber vencido su plazo de conservación, ni las
integraciones de la empresa (webhooks), que no son datos sobre ti.

ARCHIVOS

LEEME.txt
    Este documento.

${archivos}

archivos/
    Los archivos en sí, uno por cada entrada de archivos.json, en la ruta que indica su campo ruta_en_zip.
    Puedes comprobar que no se han alterado con su huella SHA-256. Si un archivo de la lista falta en la
    carpeta, es que ya no estaba en el almacenamiento al generar la exportación.

Si echas de menos algún dato o crees que alguno es inexacto, dirígete al departamento de Recursos Humanos:
puedes pedir su rectificación (art. 16), su supresión (art. 17) o la limitación de su tratamiento (art. 18).
`;
}
