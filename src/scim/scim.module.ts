import { Module } from '@nestjs/common';
import { CalendarioLaboralModule } from '../calendario-laboral/calendario-laboral.module.js';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module.js';
import { EmpleadosModule } from '../empleados/empleados.module.js';
import { ScimDiscoveryController } from './discovery/scim-discovery.controller.js';
import { ScimTokenGuard } from './scim-token.guard.js';
import { ScimUsersController } from './users/scim-users.controller.js';
import { ScimUsuariosRepository } from './users/scim-usuarios.repository.js';
import { ScimUsuariosService } from './users/scim-usuarios.service.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

/** SCIM 2.0 provisioning from Microsoft Entra ID under /scim/v2 (RFC 7643/7644). */
@Module({
  imports: [RateLimitModule, EmpleadosModule, CalendarioLaboralModule, WebhooksModule],
  controllers: [ScimDiscoveryController, ScimUsersController],
  providers: [ScimTokenGuard, ScimUsuariosRepository, ScimUsuariosService],
})
export class ScimModule {}
