import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { CalendarioModule } from './calendario/calendario.module.js';
import { CentrosTrabajoModule } from './centros-trabajo/centros-trabajo.module.js';
import { JornadasModule } from './jornadas/jornadas.module.js';
import { LoggingModule } from './common/logging.module.js';
import { ComunicadosModule } from './comunicados/comunicados.module.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DelegacionesModule } from './delegaciones/delegaciones.module.js';
import { DevIdpModule } from './dev-idp/dev-idp.module.js';
import { DiasFestivosModule } from './dias-festivos/dias-festivos.module.js';
import { DocumentosModule } from './documentos/documentos.module.js';
import { EmpleadosModule } from './empleados/empleados.module.js';
import { FichajesModule } from './fichajes/fichajes.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { NotificacionesModule } from './notificaciones/notificaciones.module.js';
import { RecalculoModule } from './recalculo/recalculo.module.js';
import { RecordatoriosModule } from './recordatorios/recordatorios.module.js';
import { ResumenDiarioModule } from './resumen-diario/resumen-diario.module.js';
import { PrivacidadRetencionModule } from './privacidad-retencion/privacidad-retencion.module.js';
import { DatabaseModule } from './schema/database.module.js';
import { DemoDataModule } from './schema/seeds/demo-data.module.js';
import { ScimModule } from './scim/scim.module.js';
import { SolicitudesModule } from './solicitudes/solicitudes.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { EnviosModule } from './envios/envios.module.js';
import { PrivacidadModule } from './privacidad/privacidad.module.js';
import { RegistroAccesosModule } from './registro-accesos/registro-accesos.module.js';
import { DatosPersonalesModule } from './datos-personales/datos-personales.module.js';

@Module({})
export class AppModule {
  /** `extraModules` lets tests mount probe controllers behind the same global guards. */
  static register(config: AppConfig, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(config),
        LoggingModule.register(config),
        DatabaseModule,
        JobsModule,
        RegistroAccesosModule,
        AuthModule,
        HealthModule,
        EmpleadosModule,
        SolicitudesModule,
        ComunicadosModule,
        NotificacionesModule,
        DiasFestivosModule,
        CentrosTrabajoModule,
        JornadasModule,
        DocumentosModule,
        RecordatoriosModule,
        ResumenDiarioModule,
        PrivacidadRetencionModule,
        UploadsModule,
        ScimModule,
        DelegacionesModule,
        CalendarioModule,
        RecalculoModule,
        FichajesModule,
        WebhooksModule,
        EnviosModule,
        DatosPersonalesModule,
        PrivacidadModule,
        ...(config.devIdp ? [DevIdpModule] : []),
        ...(config.demoData ? [DemoDataModule] : []),
        ...extraModules,
      ],
    };
  }
}
