import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { EnviosController } from './envios.controller.js';
import { EnviosRepository } from './envios.repository.js';
import { EnviosService } from './envios.service.js';

/** The outbox's deliveries, e-mails and webhooks alike, for Super Admins: above both channels, which it only reads. */
@Module({
  imports: [JobsModule],
  controllers: [EnviosController],
  providers: [EnviosRepository, EnviosService],
})
export class EnviosModule {}
