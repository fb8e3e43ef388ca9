import { Module } from '@nestjs/common';
import { CorreoModule } from '../correo/correo.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { ResumenDiarioRepository } from './resumen-diario.repository.js';
import { ResumenDiarioService } from './resumen-diario.service.js';

/** The approvers' daily digest by e-mail; above the approvals' routing it reads and the e-mail it sends. */
@Module({
  imports: [CorreoModule, JobsModule],
  providers: [ResumenDiarioRepository, ResumenDiarioService],
})
export class ResumenDiarioModule {}
