import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { calendarDateAt, type CalendarDate } from '../common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type DiaFichajesDto, type FichajeYDiaDto, toDia, toFichaje } from './dto/fichaje.response.js';
import type { CreateFichajeDto } from './dto/create-fichaje.dto.js';
import { fichajeFueraDeSecuencia, fichajesDelDiaAgotados, jornadaIncompletaSinCorregir } from './fichaje-errors.js';
import type { Modalidad } from './fichaje-fields.js';
import { type FichajeRow, FichajesRepository, MAX_FICHAJES_DIA } from './fichajes.repository.js';
import { CorreccionFichajeRepository } from './correccion-fichaje.repository.js';
import { IncompletosRepository } from './incompletos.repository.js';
import { estadoTras, fechaDelFichaje, registrosPara, resumirDia } from './jornada-del-dia.js';
import { vistaCorregida } from './vista-corregida.js';
import { WebhookEventos } from '../webhooks/webhook-eventos.service.js';

/** How long after a record the same clocking, out of sequence, is a double click answered with it. */
const DOBLE_CLIC_MS = 60_000;

export interface Fichado extends FichajeYDiaDto {
  /** False when a double click was answered with the record already made. */
  creado: boolean;
}

/** Clocking in and out: each clocking runs under the employee's row lock, which orders their chain. */
@Injectable()
export class FichajesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly fichajes: FichajesRepository,
    private readonly incompletos: IncompletosRepository,
    private readonly correcciones: CorreccionFichajeRepository,
    private readonly webhooks: WebhookEventos,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  fichar(caller: AuthenticatedEmployee, dto: CreateFichajeDto): Promise<Fichado> {
    const idEmpleado = caller.id_empleado;
    return this.dataSource.transaction(async (manager) => {
      const { zona_horaria } = await this.fichajes.lockEmpleado(manager, idEmpleado);
      // The chain goes on from the last record; the sequence from the last clocking, unless a correction closed its day.
      const { ahora, hashUltimo, fichado } = await this.fichajes.situacion(manager, idEmpleado);
      const estado = fichado && !fichado.sustituido ? estadoTras(fichado.tipo) : 'fuera';
      // An open day marked incompleto waits for a correction: the employee is out, and may only start a new day.
      const pendiente = fichado && estado !== 'fuera' && fichado.incompleto ? fichado.fecha : null;
      const tipos = registrosPara(pendiente ? 'fuera' : estado, dto.tipo);
      if (!tipos) {
        const repetido = await this.fichajes.findUltimoDeTipoDesde(manager, idEmpleado, dto.tipo, new Date(ahora.getTime() - DOBLE_CLIC_MS));
        if (!repetido) throw pendiente ? jornadaIncompletaSinCorregir(pendiente) : fichajeFueraDeSecuencia(estado);
        return { creado: false, fichaje: toFichaje(repetido), dia: await this.dia(manager, idEmpleado, repetido.fecha, ahora) };
      }
      const fecha = fechaDelFichaje(dto.tipo, ahora, zona_horaria ?? this.config.companyTimeZone, fichado?.fecha ?? null);
      const delDia = await this.fichajes.findDelDia(manager, idEmpleado, fecha);
      if (delDia.length + tipos.length > MAX_FICHAJES_DIA) throw fichajesDelDiaAgotados(MAX_FICHAJES_DIA);
      const modalidad = dto.modalidad ?? (await this.modalidadPrevista(manager, idEmpleado, fecha));
      const contenidos = tipos.map((tipo) => ({ id_empleado: idEmpleado, tipo, modalidad, instante: ahora, fecha, origen: 'empleado' as const, id_solicitud: null, sustituye: null }));
      const nuevos = await this.fichajes.encadenar(manager, hashUltimo, contenidos);
      for (const nuevo of nuevos) {
        await this.webhooks.emitir(manager, 'fichaje.registrado', { id_fichaje: Number(nuevo.id_fichaje), id_empleado: idEmpleado, tipo: nuevo.tipo, modalidad: nuevo.modalidad });
      }
      delDia.push(...nuevos);
      return { creado: true, fichaje: toFichaje(delDia.at(-1)!), dia: await this.diaDe(manager, fecha, delDia, ahora, false) };
    });
  }

  /** The open day, or today in the employee's centre's time zone when no day is open. */
  async hoy(caller: AuthenticatedEmployee): Promise<DiaFichajesDto> {
    const manager = this.dataSource.manager;
    const [{ ahora, zona_horaria }, fichado] = await Promise.all([this.fichajes.reloj(caller.id_empleado), this.fichajes.findUltimoFichado(manager, caller.id_empleado)]);
    const abierto = fichado && !fichado.sustituido && estadoTras(fichado.tipo) !== 'fuera' ? fichado.fecha : null;
    const fecha = abierto ?? calendarDateAt(ahora, zona_horaria ?? this.config.companyTimeZone);
    return this.dia(manager, caller.id_empleado, fecha, ahora);
  }

  private async dia(manager: EntityManager, idEmpleado: number, fecha: CalendarDate, ahora: Date): Promise<DiaFichajesDto> {
    const fichajes: FichajeRow[] = (await this.fichajes.findDelDia(manager, idEmpleado, fecha)).slice(0, MAX_FICHAJES_DIA);
    return this.diaDe(manager, fecha, fichajes, ahora, await this.incompletos.esIncompleto(manager, idEmpleado, fecha));
  }

  /** The day as it counts: minutes and state over the records in force, every record listed, the corrections described. */
  private async diaDe(manager: EntityManager, fecha: CalendarDate, filas: readonly FichajeRow[], ahora: Date, marcadoIncompleto: boolean): Promise<DiaFichajesDto> {
    const { fichajes, vigentes, corregido } = vistaCorregida(filas);
    const resumen = resumirDia(vigentes, ahora, marcadoIncompleto);
    const ids = filas.flatMap((fila) => (fila.id_solicitud === null ? [] : [Number(fila.id_solicitud)]));
    const correcciones = [...(await this.correcciones.aplicadas(manager, ids)).values()].sort((a, b) => a.id_solicitud - b.id_solicitud);
    return toDia(fecha, fichajes, corregido ? { ...resumen, estado: 'corregido' } : resumen, correcciones);
  }

  private async modalidadPrevista(manager: EntityManager, idEmpleado: number, fecha: CalendarDate): Promise<Modalidad> {
    return (await this.fichajes.tieneTeletrabajoAprobado(manager, idEmpleado, fecha)) ? 'teletrabajo' : 'presencial';
  }
}
