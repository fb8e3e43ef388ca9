import type { DataSource } from 'typeorm';
import { CalendarioLaboralRepository } from '../calendario-laboral/calendario-laboral.repository.js';
import { ApiError } from '../common/api-error.js';
import type { CalendarConfig } from '../config/calendar-config.js';
import { cambiosDeCalendarioSinAplicacion } from '../recalculo/recalculo-sin-aplicacion.js';
import type { Diagnostic } from '../common/csv.js';
import { DiasFestivosRepository } from '../dias-festivos/dias-festivos.repository.js';
import { DiasFestivosService } from '../dias-festivos/dias-festivos.service.js';
import type { ImportacionFestivosDto } from '../dias-festivos/dto/dia-festivo-response.dto.js';
import { rejectFile } from './cli-diagnostics.js';
import type { Output } from './cli-runner.js';

/**
 * The holidays of a CSV file, through the same use case as `POST /api/dias-festivos/csv`: all rows in one
 * transaction or, when any line has a problem, none, every problem printed with its line.
 */
export async function importFestivos(
  dataSource: DataSource,
  { file, csv, config }: { file: string; csv: string; config: CalendarConfig },
  output: Output,
): Promise<ImportacionFestivosDto> {
  const cambios = cambiosDeCalendarioSinAplicacion(dataSource, config);
  const service = new DiasFestivosService(dataSource, new DiasFestivosRepository(dataSource), new CalendarioLaboralRepository(), cambios);
  let resultado: ImportacionFestivosDto;
  try {
    resultado = await service.importarCsv(null, csv);
  } catch (error) {
    const lineas = error instanceof ApiError ? (error.body.lineas as Diagnostic[] | undefined) : undefined;
    if (lineas) rejectFile(file, lineas, output);
    throw error;
  }
  for (const omitido of resultado.omitidos) output.err(`${file}: skipped ${omitido.fecha} ${omitido.nombre}: that date and target already have a holiday.`);
  output.out(`${file}: ${resultado.anadidos.length} added, ${resultado.omitidos.length} skipped.`);
  return resultado;
}
