import { Module } from '@nestjs/common';
import { CalendarioEnlaceRepository } from './calendario-enlace.repository.js';
import { CalendarioFeedService } from './calendario-feed.service.js';
import { CalendarioController } from './calendario.controller.js';
import { CalendarioRepository } from './calendario.repository.js';
import { CalendarioService } from './calendario.service.js';

@Module({
  controllers: [CalendarioController],
  providers: [CalendarioRepository, CalendarioService, CalendarioEnlaceRepository, CalendarioFeedService],
})
export class CalendarioModule {}
