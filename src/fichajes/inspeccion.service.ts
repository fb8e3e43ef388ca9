import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { daysInRange } from '../common/calendar-date.js';
import { fechaInvalida, rangoDemasiadoLargo, rangoFechasInvalido } from '../common/date-window.js';
import { offsetOf, type PaginationDto, type PaginationQueryDto, paginationOf, totalShownBy } from '../common/pagination.js';
import { parseZonedDateTime } from '../common/zoned-date-time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type CreateAccesoInspeccionDto, MAX_DIAS_ACCESO, MAX_DIAS_CADUCIDAD } from './dto/inspeccion.dto.js';
import type { AccesoInspeccionConUsosDto, AccesoInspeccionCreadoDto, AccesoInspeccionDto, EstadoAcceso, UsoAccesoDto } from './dto/inspeccion.response.js';
import { accesoInspeccionNoEncontrado, caducidadInvalida } from './inspeccion-errors.js';
import { type AccesoRow, InspeccionRepository, type UsoRow } from './inspeccion.repository.js';

const DAY_MS = 86_400_000;

/** A key: 32 random bytes (256 bits) in base64url, 43 characters. */
export const nuevaClave = (): string => randomBytes(32).toString('base64url');
export const sha256 = (clave: string): Buffer => createHash('sha256').update(clave, 'utf8').digest();

/** The Labour Inspectorate's accesses to the register, as Admins create, list and revoke them. */
@Injectable()
export class InspeccionService {
  constructor(
    private readonly accesos: InspeccionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async crear(caller: AuthenticatedEmployee, body: CreateAccesoInspeccionDto): Promise<AccesoInspeccionCreadoDto> {
    if (body.hasta < body.desde) throw rangoFechasInvalido();
    if (daysInRange(body.desde, body.hasta) > MAX_DIAS_ACCESO) throw rangoDemasiadoLargo(MAX_DIAS_ACCESO);
    const caduca = parseZonedDateTime(body.caduca, this.config.companyTimeZone);
    if (!caduca) throw fechaInvalida('La fecha de caducidad no es válida.', ['caduca'], 'YYYY-MM-DD HH:mm:ss o ISO 8601');
    const now = Date.now();
    if (caduca.getTime() <= now || caduca.getTime() > now + MAX_DIAS_CADUCIDAD * DAY_MS) throw caducidadInvalida();
    const clave = nuevaClave();
    const row = await this.accesos.insert({ hash: sha256(clave), desde: body.desde, hasta: body.hasta, caduca, descripcion: body.descripcion, creadoPor: caller.id_empleado });
    const url = `${this.config.publicBaseUrl}/api/inspeccion/registro?clave=${clave}`;
    return { ...toAcceso(row), url, url_json: `${url}&formato=json` };
  }

  async listar(query: PaginationQueryDto): Promise<{ data: AccesoInspeccionConUsosDto[]; pagination: PaginationDto }> {
    const offset = offsetOf(query);
    const rows = await this.accesos.findPagina(offset, query.limite);
    const total = totalShownBy(offset, query.limite, rows.length) ?? (await this.accesos.count());
    const pagina = rows.slice(0, query.limite);
    const { usos, totales } = await this.accesos.usosDe(pagina.map((row) => row.id_acceso_inspeccion));
    const data = pagina.map((row) => ({
      ...toAcceso(row),
      total_usos: totales.get(row.id_acceso_inspeccion) ?? 0,
      usos: usos.filter((uso) => uso.id_acceso_inspeccion === row.id_acceso_inspeccion).map(toUso),
    }));
    return { data, pagination: paginationOf(total, query) };
  }

  /** Idempotent: revoking a revoked access answers it as it is, first revocation kept. */
  async revocar(caller: AuthenticatedEmployee, id: number): Promise<AccesoInspeccionDto> {
    const row = await this.accesos.revocar(id, caller.id_empleado);
    if (!row) throw accesoInspeccionNoEncontrado();
    return toAcceso(row);
  }
}

function estadoDe(row: AccesoRow): EstadoAcceso {
  if (row.revocado_en) return 'revocado';
  return row.caduca.getTime() <= Date.now() ? 'caducado' : 'activo';
}

function toAcceso(row: AccesoRow): AccesoInspeccionDto {
  return {
    id_acceso_inspeccion: row.id_acceso_inspeccion,
    desde: row.desde,
    hasta: row.hasta,
    caduca: row.caduca.toISOString(),
    descripcion: row.descripcion,
    estado: estadoDe(row),
    creado_por: { id_empleado: row.creado_por, nombre: row.creado_por_nombre },
    creado_en: row.creado_en.toISOString(),
    revocado_por: row.revocado_por === null ? null : { id_empleado: row.revocado_por, nombre: row.revocado_por_nombre! },
    revocado_en: row.revocado_en?.toISOString() ?? null,
  };
}

function toUso(row: UsoRow): UsoAccesoDto {
  return { instante: row.instante.toISOString(), direccion: row.direccion, formato: row.formato, agente_usuario: row.agente_usuario };
}
