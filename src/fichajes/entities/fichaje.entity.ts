import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CalendarDate } from '../../common/calendar-date.js';
import type { Modalidad, OrigenFichaje, TipoFichaje } from '../fichaje-fields.js';

/**
 * One clocking of the working-time register (ET art. 34.9). Append-only: a trigger refuses UPDATE and
 * DELETE. `hash` chains the employee's records (see fichaje-hash.ts); `hash_anterior` is the previous one's.
 */
@Entity({ name: 'fichaje' })
export class Fichaje {
  @PrimaryGeneratedColumn({ name: 'id_fichaje', type: 'bigint' })
  id_fichaje!: string;

  @Column({ name: 'id_empleado', type: 'int' })
  id_empleado!: number;

  @Column({ name: 'tipo', type: 'varchar', length: 12 })
  tipo!: TipoFichaje;

  @Column({ name: 'modalidad', type: 'varchar', length: 11 })
  modalidad!: Modalidad;

  /** The server's clock, in milliseconds. */
  @Column({ name: 'instante', type: 'timestamptz', precision: 3 })
  instante!: Date;

  /** The working day it belongs to: an `entrada`'s date in the centre's time zone, kept by the rest of that day. */
  @Column({ name: 'fecha', type: 'date' })
  fecha!: CalendarDate;

  @Column({ name: 'origen', type: 'varchar', length: 10, default: 'empleado' })
  origen!: OrigenFichaje;

  @Column({ name: 'id_solicitud', type: 'int', nullable: true })
  id_solicitud!: number | null;

  @Column({ name: 'sustituye', type: 'bigint', array: true, nullable: true })
  sustituye!: string[] | null;

  @Column({ name: 'hash', type: 'bytea' })
  hash!: Buffer;

  @Column({ name: 'hash_anterior', type: 'bytea', nullable: true })
  hash_anterior!: Buffer | null;
}
