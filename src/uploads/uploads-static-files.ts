import { Inject, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { ExpressAdapter } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { UPLOAD_FOLDERS } from './storage/file-storage.js';
import { uploadTypeOfName } from './upload-types.js';

const UPLOADS_ROUTE = '/uploads';

/** `/<folder>/<ms>-<safe name>`: anything else (encoded characters, `..`, dotfiles, sub-paths) is no stored file. */
const STORED_FILE_PATH = new RegExp(`^/(${UPLOAD_FOLDERS.join('|')})/\\d+-[A-Za-z0-9._-]+$`);

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Serves the local-disk uploads publicly under /uploads. Mounted once the routes exist and before
 * Nest's not-found handler, and after helmet, so the headers set here are the ones sent.
 */
@Injectable()
export class UploadsStaticFiles implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost<ExpressAdapter>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter;
    http.use(UPLOADS_ROUTE, onlyStoredFiles);
    http.useStaticAssets(this.config.uploadsDir, {
      prefix: UPLOADS_ROUTE,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      fallthrough: true,
      maxAge: ONE_YEAR_MS,
      immutable: true,
      setHeaders,
    });
  }
}

function onlyStoredFiles(request: Request, _response: Response, next: NextFunction): void {
  const stored = STORED_FILE_PATH.test(request.path) && uploadTypeOfName(request.path) !== undefined;
  next(stored ? undefined : new NotFoundException());
}

/** Stored files are untrusted: never sniffed, never run as a page, and only images, PDF and video shown inline. */
function setHeaders(response: Response, path: string): void {
  const type = uploadTypeOfName(path);
  response.setHeader('Content-Type', type?.mime ?? 'application/octet-stream');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
  // Helmet's same-origin policy would stop the portal, on its own origin, from showing the images.
  response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (!type?.inline) response.setHeader('Content-Disposition', 'attachment');
}
