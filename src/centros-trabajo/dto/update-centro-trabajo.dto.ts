import type { ComunidadAutonoma } from '../../catalogs/comunidades-autonomas.js';
import { CodigoCentroField, ComunidadAutonomaField, LocalidadField, NombreCentroField, ZonaHorariaField } from './centro-trabajo-body.decorators.js';

/** A partial update: the fields given are changed, at least one must be (checked by the service). */
export class UpdateCentroTrabajoDto {
  @NombreCentroField(false) nombre?: string;
  @CodigoCentroField(false) codigo?: string;
  @ComunidadAutonomaField(false) comunidad_autonoma?: ComunidadAutonoma;
  @LocalidadField() localidad?: string | null;
  @ZonaHorariaField('Left out: unchanged') zona_horaria?: string;
}
