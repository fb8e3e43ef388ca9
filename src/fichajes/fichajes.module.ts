import { Module } from '@nestjs/common';
import { CorreoModule } from '../correo/correo.module.js';
import { AprobacionesModule } from '../aprobaciones/aprobaciones.module.js';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { NotificacionesModule } from '../notificaciones/notificaciones.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { CorreccionFichajeRepository } from './correccion-fichaje.repository.js';
import { CorreccionFichajeService } from './correccion-fichaje.service.js';
import { FichajesController } from './fichajes.controller.js';
import { FichajesRepository } from './fichajes.repository.js';
import { FichajesService } from './fichajes.service.js';
import { IncompletosRepository } from './incompletos.repository.js';
import { IncompletosService } from './incompletos.service.js';
import { InspeccionModule } from './inspeccion.module.js';
import { PeriodoService } from './periodo.service.js';
import { ResumenEmpresaController } from './resumen-empresa.controller.js';
import { ResumenEmpresaRepository } from './resumen-empresa.repository.js';
import { ResumenEmpresaService } from './resumen-empresa.service.js';
import { VerificacionService } from './verificacion.service.js';
import { AccesoAlRegistro } from './acceso-al-registro.service.js';
import { ResumenAvisosService } from './resumen-avisos.service.js';
import { ResumenController } from './resumen.controller.js';
import { ResumenRepository } from './resumen.repository.js';
import { ResumenService } from './resumen.service.js';

/** The working-time register (registro de jornada, ET art. 34.9): clocking, its hash chain and the days left open. */
@Module({
  imports: [CorreoModule, AprobacionesModule, CalendarioLaboralModule, NotificacionesModule, InspeccionModule, WebhooksModule],
  controllers: [FichajesController, ResumenController, ResumenEmpresaController],
  providers: [
    FichajesRepository,
    FichajesService,
    PeriodoService,
    VerificacionService,
    IncompletosRepository,
    IncompletosService,
    AccesoAlRegistro,
    ResumenRepository,
    ResumenService,
    ResumenAvisosService,
    ResumenEmpresaRepository,
    ResumenEmpresaService,
    CorreccionFichajeRepository,
    CorreccionFichajeService,
  ],
  exports: [IncompletosService, ResumenAvisosService, CorreccionFichajeService, CorreccionFichajeRepository],
})
export class FichajesModule {}
