import type { DataSource } from 'typeorm';
import { CalendarioLaboralRepository } from '../calendario-laboral/calendario-laboral.repository.js';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import type { CalendarConfig } from '../config/calendar-config.js';
import { DeduccionesVacacionesRepository } from '../empleados/deducciones-vacaciones.repository.js';
import { VacacionesRepository } from '../empleados/vacaciones.repository.js';
import { NotificacionesRepository } from '../notificaciones/notificaciones.repository.js';
import { RecalculoRepository } from './recalculo.repository.js';
import { RecalculoService } from './recalculo.service.js';

/** Calendar changes made by a tool that runs without the application (the CLI), recounted by the same service. */
export function cambiosDeCalendarioSinAplicacion(dataSource: DataSource, config: CalendarConfig): CambiosDeCalendario {
  const cambios = new CambiosDeCalendario();
  const recalculo = new RecalculoService(
    cambios,
    new CalendarioLaboralService(new CalendarioLaboralRepository()),
    new RecalculoRepository(),
    new VacacionesRepository(config),
    new DeduccionesVacacionesRepository(),
    new NotificacionesRepository(dataSource),
    config,
  );
  recalculo.onModuleInit();
  return cambios;
}
