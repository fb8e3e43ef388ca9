import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import { offsetOf, type PaginationQueryDto, paginationOf } from '../common/pagination.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { centroDuplicado, centroEnUso, centroNoEncontrado, sinCambiosCentro, zonaHorariaInvalida } from './centro-trabajo-errors.js';
import { zonaHorariaCanonica } from './centro-trabajo-fields.js';
import { CentrosTrabajoRepository } from './centros-trabajo.repository.js';
import { type CentroTrabajoDto, type CentrosTrabajoPageDto, toCentroTrabajo } from './dto/centro-trabajo.response.js';
import type { CreateCentroTrabajoDto } from './dto/create-centro-trabajo.dto.js';
import type { UpdateCentroTrabajoDto } from './dto/update-centro-trabajo.dto.js';

@Injectable()
export class CentrosTrabajoService {
  constructor(
    private readonly centros: CentrosTrabajoRepository,
    private readonly calendario: CambiosDeCalendario,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async listar(query: PaginationQueryDto): Promise<CentrosTrabajoPageDto> {
    const [rows, total] = await this.centros.findPage(query.limite, offsetOf(query));
    return { success: true, data: rows.map(toCentroTrabajo), pagination: paginationOf(total, query) };
  }

  async leer(id: number): Promise<CentroTrabajoDto> {
    const centro = await this.centros.findById(id);
    if (!centro) throw centroNoEncontrado();
    return toCentroTrabajo(centro);
  }

  async crear(dto: CreateCentroTrabajoDto): Promise<CentroTrabajoDto> {
    const centro = await this.centros.insert({
      nombre: dto.nombre,
      codigo: dto.codigo,
      comunidad_autonoma: dto.comunidad_autonoma,
      localidad: dto.localidad ?? null,
      zona_horaria: zonaHoraria(dto.zona_horaria ?? this.config.companyTimeZone),
    });
    if (!centro) throw centroDuplicado();
    return toCentroTrabajo(centro);
  }

  /** A new community changes the holidays of everyone in the centre: their requests are recounted with it. */
  async cambiar(caller: AuthenticatedEmployee, id: number, dto: UpdateCentroTrabajoDto): Promise<CentroTrabajoDto> {
    const changes = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    if (!Object.keys(changes).length) throw sinCambiosCentro();
    if (dto.zona_horaria !== undefined) changes.zona_horaria = zonaHoraria(dto.zona_horaria);
    const centro = await this.centros.update(id, changes, async (manager, antes, ahora) => {
      if (antes.comunidad_autonoma === ahora.comunidad_autonoma) return;
      await this.calendario.registrar(manager, {
        afectados: { tipo: 'centro', id_centro_trabajo: id },
        fechas: null,
        motivo: `tu centro de trabajo ${ahora.nombre} ha pasado a la comunidad autónoma ${ahora.comunidad_autonoma}`,
        idActor: caller.id_empleado,
      });
    });
    if (centro === null) throw centroDuplicado();
    if (!centro) throw centroNoEncontrado();
    return toCentroTrabajo(centro);
  }

  async eliminar(id: number): Promise<void> {
    const usos = await this.centros.delete(id);
    if (!usos) throw centroNoEncontrado();
    if (usos.length) throw centroEnUso(usos);
  }
}

function zonaHoraria(zona: string): string {
  const canonica = zonaHorariaCanonica(zona);
  if (!canonica) throw zonaHorariaInvalida();
  return canonica;
}
