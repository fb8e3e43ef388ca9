import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';
import { ApiError } from '../common/api-error.js';
import { fileTooLarge, invalidFile } from './upload-errors.js';

/**
 * Bound before `FileInterceptor`, it rewords what multer rejects (too large, a second file, another
 * part name, a body that is not multipart/form-data) as the spec's upload bodies.
 */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => throwError(() => reworded(error))));
  }
}

function reworded(error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof HttpException)) return error;
  return error instanceof PayloadTooLargeException ? fileTooLarge() : invalidFile();
}
