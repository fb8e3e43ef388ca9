import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEMO_CLIENTS } from '../../dev-idp/demo-clients.js';
import { DemoActivitySeeder } from './demo-activity.seeder.js';
import { assignDemoCentro, seedDemoCentros } from './demo-centros.js';
import { spanishNationalHolidays } from './spanish-holidays.js';

const DEMO_VACATION_DAYS = { currentYear: 22, previousYear: 5 };

/**
 * Seeds two work centres, one demo employee per role (in a centre) with vacation balances, this year's national holidays of Spain
 * and the demo activity; running it again changes nothing.
 */
@Injectable()
export class DemoDataSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoDataSeeder.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: DemoActivitySeeder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const year = new Date().getUTCFullYear();
    await this.dataSource.transaction(async (manager) => {
      await seedDemoCentros(manager);
      for (const client of DEMO_CLIENTS) {
        const rows: { id_empleado: number }[] = await manager.query(
          `INSERT INTO empleado (correo, nombre, id_rol, idp_oid) VALUES ($1, $2, $3, $4)
           ON CONFLICT (idp_oid) DO NOTHING RETURNING id_empleado`,
          [client.correo, client.nombre, client.idRol, client.oid],
        );
        if (!rows.length) continue;
        await assignDemoCentro(manager, rows[0]!.id_empleado, client.clientId);
        await manager.query(
          `INSERT INTO vacaciones (id_empleado, anio, dias_asignados) VALUES ($1, $2, $3), ($1, $4, $5)`,
          [rows[0]!.id_empleado, year, DEMO_VACATION_DAYS.currentYear, year - 1, DEMO_VACATION_DAYS.previousYear],
        );
        this.logger.log(`Demo employee created: ${client.nombre} (${client.clientId})`);
      }
      for (const { fecha, nombre } of spanishNationalHolidays(year)) {
        await manager.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ($1, $2) ON CONFLICT (fecha) DO NOTHING`, [fecha, nombre]);
      }
    });
    await this.activity.seedOnce();
  }
}
