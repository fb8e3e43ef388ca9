import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { FILE_STORAGE, type FileStorage } from '../uploads/storage/file-storage.js';
import { checkComponent } from './component-state.js';

const CHECK_TIMEOUT_MS = 2000;

/** The storage the files live in answers: without it no upload is stored and no file is served. */
@Injectable()
export class StorageHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  check() {
    return checkComponent(this.indicators, 'storage', { attempt: () => this.storage.check(), timeoutMs: CHECK_TIMEOUT_MS });
  }
}
