import { Module } from '@nestjs/common';
import { JobsService } from './jobs.service.js';

/** The job engine; a feature imports it to enqueue jobs and to register its handlers. */
@Module({
  providers: [JobsService],
  exports: [JobsService],
})
export class JobsModule {}
