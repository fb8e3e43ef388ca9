import { Module } from '@nestjs/common';
import { DevIdpController } from './dev-idp.controller.js';
import { DevIdpService } from './dev-idp.service.js';

/** Mounted only in development: on the embedded database without AUTH_*, or with DEV_IDP=true. */
@Module({
  controllers: [DevIdpController],
  providers: [DevIdpService],
})
export class DevIdpModule {}
