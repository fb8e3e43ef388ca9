import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { DevIdpController } from './dev-idp.controller.js';
import { DevIdpService } from './dev-idp.service.js';
import { DevIdpSignInController } from './dev-idp-sign-in.controller.js';
import { LoopbackCorsMiddleware } from './loopback-cors.middleware.js';
import { SignInService } from './sign-in.service.js';
import { tokenSignerProvider } from './token-signer.js';

/** Mounted only in development: on the embedded database without AUTH_*, or with DEV_IDP=true. */
@Module({
  controllers: [DevIdpController, DevIdpSignInController],
  providers: [tokenSignerProvider, DevIdpService, SignInService],
})
export class DevIdpModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(LoopbackCorsMiddleware).forRoutes(DevIdpController);
  }
}
