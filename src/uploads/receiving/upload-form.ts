import type { Readable } from 'node:stream';
import busboy, { type Busboy } from 'busboy';
import type { Request } from 'express';
import { invalidFile } from '../upload-errors.js';

/** The form part that carries the file. */
export const FILE_FIELD = 'file';

/** Text parts a form may carry beside its one file; the endpoints read none of them. */
const MAX_FIELDS = 10;

// `parts` counts the parts busboy skips too (no Content-Disposition), which no other limit counts.
const FORM_LIMITS = { files: 1, fields: MAX_FIELDS, fieldSize: 1024, parts: MAX_FIELDS + 1 };

export interface FilePart {
  /** The client's name for the file, untrusted. */
  filename: string;
  content: Readable;
}

export interface FileHandlers<T> {
  /** Consumes the file part as it arrives. */
  store(file: FilePart): Promise<T>;
  /** Undoes a `store` that succeeded in a form that then broke a rule. */
  discard(stored: T): Promise<void>;
}

interface Outcome<T> {
  stored?: T;
}

/**
 * Reads an upload form as it arrives, handing its one `file` part to `handlers.store`, and settles
 * once both the form and the store are done. A form that breaks a rule (not multipart/form-data, a
 * file under another name or a second one, too many or too long fields, a body cut off), before or
 * after the file, rejects with the spec's 400 and leaves nothing stored; a failed store rejects with
 * its own error. Either way the rest of the body is read and dropped, so the answer reaches the client.
 */
export async function receiveUploadForm<T>(request: Request, handlers: FileHandlers<T>): Promise<T> {
  const form = openForm(request);
  let file: Readable | undefined;
  let storing: Promise<Outcome<T>> | undefined;
  const formRead = new Promise<void>((resolve, reject) => {
    const refuse = () => reject(invalidFile());
    form.on('file', (name, content, info) => {
      if (name !== FILE_FIELD || storing || !info.filename) {
        content.resume();
        return refuse();
      }
      file = content;
      storing = handlers.store({ filename: info.filename, content }).then((stored) => ({ stored }));
      storing.catch(reject);
    });
    form.on('field', (_name, _value, info) => (info.nameTruncated || info.valueTruncated) && refuse());
    for (const limit of ['filesLimit', 'fieldsLimit', 'partsLimit']) form.on(limit, refuse);
    form.on('error', refuse);
    form.on('close', resolve);
    // A client gone mid-body never ends the form.
    request.on('close', () => request.complete || refuse());
  });
  request.pipe(form);
  try {
    await formRead;
    if (!storing) throw invalidFile();
    return (await storing).stored!;
  } catch (error) {
    request.unpipe(form);
    request.resume();
    file?.destroy(error as Error);
    const outcome = await storing?.catch((): Outcome<T> => ({}));
    if (outcome?.stored !== undefined) await handlers.discard(outcome.stored);
    throw error;
  }
}

function openForm(request: Request): Busboy {
  // A body already read (a urlencoded form, by its parser) would never end the form.
  if (!request.is('multipart/form-data') || request.readableEnded) throw invalidFile();
  try {
    return busboy({ headers: request.headers, limits: FORM_LIMITS, defParamCharset: 'utf8' });
  } catch {
    // No boundary, or another multipart subtype.
    throw invalidFile();
  }
}
