import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource, type QueryRunner } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { calendarDateAt } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import { RegistroAccesos } from '../registro-accesos/registro-accesos.service.js';
import { anotarEnRegistroPrivacidad } from '../registro-privacidad/registro-privacidad.js';
import { FILE_STORAGE, type FileStorage } from '../uploads/storage/file-storage.js';
import { leeme } from './leeme.js';
import { comprobarLimiteDiario, EXPORTACION_LOCK_KEY, exportacionEnCurso } from './limites-exportacion.js';
import type { Consulta } from './tipo-de-datos.js';
import { TIPOS_EXPORTADOS } from './tipos-exportados.js';
import { escribirZip, nuevoZip } from './zip-de-datos.js';

/** Rows per query: a page of the widest kind (requests) stays well under a megabyte. */
export const TAMANO_PAGINA = 500;

const logger = new Logger('DatosPersonales');

export interface DescargaDeDatos {
  stream: Readable;
  nombreArchivo: string;
}

interface Titular {
  id_empleado: number;
  nombre: string;
}

/**
 * The export of everything held about one employee (GDPR art. 15 and 20), as a ZIP streamed from one
 * REPEATABLE READ transaction: every file shows the same instant, and the transaction's advisory lock keeps a
 * second export of the same data out, across instances, until it ends.
 */
@Injectable()
export class DatosPersonalesService {
  /** This instance's exports in progress: a second one is refused before it waits for a connection. */
  private readonly enCurso = new Set<number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly registroAccesos: RegistroAccesos,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async exportar(lector: AuthenticatedEmployee, idTitular: number, response: Response): Promise<DescargaDeDatos> {
    const titular = await this.admitida(idTitular, response);
    this.enCurso.add(idTitular);
    try {
      // Before the transaction, which holds the connection the access log's writer would wait for.
      await this.registroAccesos.registrar([{ idLector: lector.id_empleado, idTitular, recurso: 'exportacion' }]);
      const runner = await this.abrirLectura(lector, titular, response);
      return this.descarga(runner, titular);
    } catch (error) {
      this.enCurso.delete(idTitular);
      throw error;
    }
  }

  /**
   * What a GET would answer, without exporting: HEAD (which Express would otherwise route to the GET) must
   * neither read the data nor count toward the daily limit. The file name, or the GET's 404 or 429.
   */
  async comprobar(idTitular: number, response: Response): Promise<string> {
    return this.nombreArchivo(await this.admitida(idTitular, response), new Date());
  }

  /** The employee whose data an export would hold now, or the 404 or 429 it would get. */
  private async admitida(idTitular: number, response: Response): Promise<Titular> {
    const titular = await this.titular(idTitular);
    if (this.enCurso.has(idTitular)) throw exportacionEnCurso(response);
    await comprobarLimiteDiario(consultaCon(this.dataSource), idTitular, this.config.exportacionesDatosPorDia, response);
    return titular;
  }

  private nombreArchivo(titular: Titular, generadoEn: Date): string {
    return `mis-datos-${titular.id_empleado}-${calendarDateAt(generadoEn, this.config.companyTimeZone)}.zip`;
  }

  private async titular(idEmpleado: number): Promise<Titular> {
    const [titular] = await this.dataSource.query<Titular[]>(`SELECT id_empleado, nombre FROM empleado WHERE id_empleado = $1`, [idEmpleado]);
    if (!titular) throw empleadoNoEncontrado();
    return titular;
  }

  /** The export's transaction, holding the lock and with the export recorded in it; read-only from then on. */
  private async abrirLectura(lector: AuthenticatedEmployee, titular: Titular, response: Response): Promise<QueryRunner> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction('REPEATABLE READ');
      const [{ libre }] = await runner.query(`SELECT pg_try_advisory_xact_lock($1, $2) AS libre`, [EXPORTACION_LOCK_KEY, titular.id_empleado]);
      if (!libre) throw exportacionEnCurso(response);
      await comprobarLimiteDiario(consultaCon(runner), titular.id_empleado, this.config.exportacionesDatosPorDia, response);
      await anotarEnRegistroPrivacidad(runner.manager, {
        tipo: 'exportacion',
        idActor: lector.id_empleado,
        idEmpleado: titular.id_empleado,
        detalle: { propia: lector.id_empleado === titular.id_empleado },
      });
      // Allowed after writes (only the way back is not): nothing the export does can change data.
      await runner.query(`SET TRANSACTION READ ONLY`);
      return runner;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
      throw error;
    }
  }

  private descarga(runner: QueryRunner, titular: Titular): DescargaDeDatos {
    const generadoEn = new Date();
    const zip = nuevoZip();
    const contenido = {
      consulta: consultaCon(runner),
      idEmpleado: titular.id_empleado,
      tipos: TIPOS_EXPORTADOS,
      leeme: leeme({ idEmpleado: titular.id_empleado, nombre: titular.nombre, generadoEn }, TIPOS_EXPORTADOS),
      storage: this.storage,
      tamanoPagina: TAMANO_PAGINA,
    };
    const escrito = escribirZip(zip, contenido).catch((error: unknown) => void zip.destroy(error as Error));
    const terminada = this.terminar(runner, titular.id_empleado, escrito);
    terminada.catch((error: unknown) => logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error)));
    const salida = new Transform({
      transform: (chunk, _encoding, callback) => callback(null, chunk),
      // The last bytes wait for the transaction: a client holding the whole ZIP finds it recorded and the next export allowed.
      flush: (callback) => void terminada.then(() => callback(), callback),
    });
    pipeline(zip, salida).catch(() => undefined);
    return { stream: salida, nombreArchivo: this.nombreArchivo(titular, generadoEn) };
  }

  /**
   * Commits also when the client went away: what it received was exported, so the registry keeps the entry. After
   * a failed query the transaction is aborted, and COMMIT rolls it back.
   */
  private async terminar(runner: QueryRunner, idTitular: number, escrito: Promise<void>): Promise<void> {
    try {
      await escrito;
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      this.enCurso.delete(idTitular);
      await runner.release();
    }
  }
}

function consultaCon(ejecutor: Pick<DataSource, 'query'>): Consulta {
  return (sql, parameters) => ejecutor.query(sql, parameters);
}
