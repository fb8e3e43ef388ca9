import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MAX_CLAVE_LENGTH } from './dto/inspeccion.query.js';
import { accesoInspeccionNoValido } from './inspeccion-errors.js';
import { InspeccionRepository } from './inspeccion.repository.js';
import { sha256 } from './inspeccion.service.js';
import type { FormatoRegistro } from './registro-fila.js';
import { RegistroLectorRepository } from './registro-lector.repository.js';
import type { DescargaRegistro } from './registro-respuesta.js';
import { registroStream } from './registro-stream.js';

/** Longest User-Agent kept with a use: enough to tell the tool apart. */
export const MAX_AGENTE_USUARIO = 200;

export interface UsoPedido {
  clave: string;
  formato: FormatoRegistro;
  /** The client address as the service resolves it (TRUST_PROXY). */
  direccion: string;
  agenteUsuario: string | undefined;
}

/** What the Inspectorate's secret URL serves: the register of the access's period, each use logged first. */
@Injectable()
export class InspeccionRegistroService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accesos: InspeccionRepository,
    private readonly lector: RegistroLectorRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The key is looked up by its SHA-256, never stored or compared as itself; the found row's hash is compared
   * again in constant time. The use is committed before the first byte is served: a use that fails after is
   * still one.
   */
  async abrir(uso: UsoPedido): Promise<DescargaRegistro> {
    if (uso.clave.length === 0 || uso.clave.length > MAX_CLAVE_LENGTH) throw accesoInspeccionNoValido();
    const hash = sha256(uso.clave);
    const acceso = await this.dataSource.transaction(async (manager) => {
      const vigente = await this.accesos.findVigente(manager, hash);
      if (!vigente || !timingSafeEqual(vigente.token_sha256, hash)) throw accesoInspeccionNoValido();
      await this.accesos.insertUso(manager, {
        id_acceso_inspeccion: vigente.id_acceso_inspeccion,
        direccion: uso.direccion.slice(0, 64),
        formato: uso.formato,
        agente_usuario: uso.agenteUsuario?.slice(0, MAX_AGENTE_USUARIO) ?? null,
      });
      return vigente;
    });
    const peticion = { desde: acceso.desde, hasta: acceso.hasta, formato: uso.formato, zonaPorDefecto: this.config.companyTimeZone };
    return { stream: await registroStream(this.lector, peticion), formato: uso.formato, nombre: `registro-jornada_${acceso.desde}_${acceso.hasta}` };
  }
}
