import type { ComunidadAutonoma } from '../../catalogs/comunidades-autonomas.js';
import { CodigoCentroField, ComunidadAutonomaField, LocalidadField, NombreCentroField, ZonaHorariaField } from './centro-trabajo-body.decorators.js';

export class CreateCentroTrabajoDto {
  @NombreCentroField(true) nombre!: string;
  @CodigoCentroField(true) codigo!: string;
  @ComunidadAutonomaField(true) comunidad_autonoma!: ComunidadAutonoma;
  @LocalidadField() localidad?: string | null;
  @ZonaHorariaField('Left out: COMPANY_TIMEZONE') zona_horaria?: string;
}
