import { Module } from '@nestjs/common';
import { DemoDataSeeder } from './demo-data.seeder.js';

/** Demo data for the development identity provider's demo clients; mounted with it, never in production. */
@Module({ providers: [DemoDataSeeder] })
export class DemoDataModule {}
