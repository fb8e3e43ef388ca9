import { Module } from '@nestjs/common';
import { DemoDataSeeder } from '../database/seeds/demo-data.seeder.js';
import { DevIdpController } from './dev-idp.controller.js';
import { DevIdpService } from './dev-idp.service.js';

/** Mounted only in development, when no AUTH_* variables point at a real provider. */
@Module({
  controllers: [DevIdpController],
  providers: [DevIdpService, DemoDataSeeder],
})
export class DevIdpModule {}
