import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import { anotarEnRegistroPrivacidad } from '../registro-privacidad/registro-privacidad.js';
import { ArchivosCleanup } from '../uploads/archivos-cleanup.service.js';
import type { RespuestaSupresionDto, SolicitarSupresionDto, SupresionDto } from './dto/supresion.dto.js';
import { datosConservados } from './plazos-de-conservacion.js';
import { demasiadasSupresiones, empleadoEnActivo, MAX_SUPRESIONES_POR_DIA, soloTusDatos } from './privacidad-errors.js';
import { lockTitular, suprimirLoPrescindible, supresionesDelUltimoDia } from './supresion.repository.js';

/**
 * The right to erasure (GDPR art. 17): what can go, goes now; the rest is kept under the law that demands it,
 * until a stated date. The answer is stored in the privacy registry, in the same transaction as the erasure.
 */
@Injectable()
export class SupresionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cleanup: ArchivosCleanup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async solicitar(caller: AuthenticatedEmployee, dto: SolicitarSupresionDto): Promise<SupresionDto> {
    const idEmpleado = dto.id_empleado;
    const enNombreDeOtro = idEmpleado !== caller.id_empleado;
    if (enNombreDeOtro && !isAdmin(caller.rol.id_rol)) throw soloTusDatos();
    const { respuesta, foto } = await this.dataSource.transaction(async (manager) => {
      const titular = await lockTitular(manager, idEmpleado);
      if (!titular) throw empleadoNoEncontrado();
      if (enNombreDeOtro && titular.activo) throw empleadoEnActivo();
      if ((await supresionesDelUltimoDia(manager, idEmpleado)) >= MAX_SUPRESIONES_POR_DIA) throw demasiadasSupresiones();
      const decision: Omit<RespuestaSupresionDto, 'id_registro'> = {
        id_empleado: idEmpleado,
        activo: titular.activo,
        fecha_baja: titular.fecha_baja,
        suprimidos: await suprimirLoPrescindible(manager, idEmpleado, titular.activo),
        conservados: datosConservados(titular, this.config.privacidad),
      };
      const idRegistro = await anotarEnRegistroPrivacidad(manager, { tipo: 'supresion', idActor: caller.id_empleado, idEmpleado, detalle: { ...decision } });
      return { respuesta: { id_registro: idRegistro, ...decision }, foto: titular.id_archivo_img_perfil };
    });
    // The stored bytes go once the row that named them has gone (another row may still name the same file).
    if (foto !== null) await this.cleanup.removeIfUnused(foto);
    return {
      success: true,
      message: 'Solicitud de supresión atendida: lo que se podía borrar se ha borrado; el resto se conserva por obligación legal.',
      data: respuesta,
    };
  }
}
