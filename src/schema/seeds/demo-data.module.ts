import { Module } from '@nestjs/common';
import { ComunicadosModule } from '../../comunicados/comunicados.module.js';
import { DocumentosModule } from '../../documentos/documentos.module.js';
import { EmpleadosModule } from '../../empleados/empleados.module.js';
import { PrivacidadRetencionModule } from '../../privacidad-retencion/privacidad-retencion.module.js';
import { SolicitudesModule } from '../../solicitudes/solicitudes.module.js';
import { ArchivosModule } from '../../uploads/archivos.module.js';
import { StorageModule } from '../../uploads/storage/storage.module.js';
import { DemoActivitySeeder } from './demo-activity.seeder.js';
import { DemoDataSeeder } from './demo-data.seeder.js';

/** Demo data for the development identity provider's demo clients; mounted with it, never in production. */
@Module({
  imports: [EmpleadosModule, SolicitudesModule, ComunicadosModule, DocumentosModule, ArchivosModule, StorageModule, PrivacidadRetencionModule],
  providers: [DemoDataSeeder, DemoActivitySeeder],
})
export class DemoDataModule {}
