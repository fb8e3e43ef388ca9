import { Module } from '@nestjs/common';
import { ExportacionController } from './exportacion.controller.js';
import { ExportacionService } from './exportacion.service.js';
import { InspeccionRegistroController } from './inspeccion-registro.controller.js';
import { InspeccionRegistroService } from './inspeccion-registro.service.js';
import { InspeccionController } from './inspeccion.controller.js';
import { InspeccionRepository } from './inspeccion.repository.js';
import { InspeccionService } from './inspeccion.service.js';
import { RegistroLectorRepository } from './registro-lector.repository.js';

/** The whole register served: the Admins' export and the Labour Inspectorate's secret URL (ET art. 34.9). */
@Module({
  controllers: [InspeccionController, InspeccionRegistroController, ExportacionController],
  providers: [RegistroLectorRepository, ExportacionService, InspeccionRepository, InspeccionService, InspeccionRegistroService],
})
export class InspeccionModule {}
