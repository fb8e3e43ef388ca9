import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { AppLogger } from './app-logger.js';
import { createRootLogger } from './logger-options.js';

@Global()
@Module({})
export class LoggingModule {
  static register(config: AppConfig): DynamicModule {
    return { module: LoggingModule, providers: [{ provide: AppLogger, useValue: new AppLogger(createRootLogger(config)) }], exports: [AppLogger] };
  }
}
