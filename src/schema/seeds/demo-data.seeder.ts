import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEMO_CLIENTS } from '../../dev-idp/demo-clients.js';
import { DemoActivitySeeder } from './demo-activity.seeder.js';
import { assignDemoCentro, seedDemoCentros } from './demo-centros.js';
import { assignDemoJornada, seedDemoJornadas } from './demo-jornadas.js';
import { demoRegionalHolidays, spanishNationalHolidays } from './spanish-holidays.js';

/** The communities of the demo centres: their regional holidays are seeded too. */
const DEMO_COMUNIDADES = ['ES-MD', 'ES-CT'];

const DEMO_VACATION_DAYS = { currentYear: 22, previousYear: 5 };

/**
 * Seeds two work centres and three working schedules, one demo employee per role (the Representante too) (in a centre; two with a schedule from 1 January) with vacation balances, this year's and next year's national
 * holidays of Spain and the demo centres' regional ones, and the demo activity; running it again changes nothing.
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
      await seedDemoJornadas(manager);
      for (const client of DEMO_CLIENTS) {
        const rows: { id_empleado: number }[] = await manager.query(
          `INSERT INTO empleado (correo, nombre, id_rol, idp_oid) VALUES ($1, $2, $3, $4)
           ON CONFLICT (idp_oid) DO NOTHING RETURNING id_empleado`,
          [client.correo, client.nombre, client.idRol, client.oid],
        );
        if (!rows.length) continue;
        await assignDemoCentro(manager, rows[0]!.id_empleado, client.clientId);
        await assignDemoJornada(manager, rows[0]!.id_empleado, client.clientId, `${year}-01-01`);
        await manager.query(
          `INSERT INTO vacaciones (id_empleado, anio, dias_asignados) VALUES ($1, $2, $3), ($1, $4, $5)`,
          [rows[0]!.id_empleado, year, DEMO_VACATION_DAYS.currentYear, year - 1, DEMO_VACATION_DAYS.previousYear],
        );
        this.logger.log(`Demo employee created: ${client.nombre} (${client.clientId})`);
      }
      for (const anio of [year, year + 1]) {
        for (const { fecha, nombre } of spanishNationalHolidays(anio)) {
          await manager.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ($1, $2) ON CONFLICT (fecha) WHERE ambito = 'nacional' DO NOTHING`, [fecha, nombre]);
        }
        for (const comunidad of DEMO_COMUNIDADES) {
          for (const { fecha, nombre } of demoRegionalHolidays(comunidad, anio)) {
            await manager.query(
              `INSERT INTO dia_festivo (fecha, nombre, ambito, comunidad_autonoma) VALUES ($1, $2, 'autonomico', $3)
               ON CONFLICT (comunidad_autonoma, fecha) WHERE ambito = 'autonomico' DO NOTHING`,
              [fecha, nombre, comunidad],
            );
          }
        }
      }
    });
    await this.activity.seedOnce();
  }
}
