import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_FOLDERS, type UploadFolder } from './storage/file-storage.js';

export interface UploadType {
  mime: string;
  /** Extensions a file of this type may carry; the first is added to a name without one. */
  extensions: readonly string[];
  /** Shown by the browser; other types are downloaded (`Content-Disposition: attachment`). */
  inline: boolean;
  folders: readonly UploadFolder[];
}

const ALL = UPLOAD_FOLDERS;
const PNG: UploadType = { mime: 'image/png', extensions: ['png'], inline: true, folders: ALL };
const ACCEPTED: readonly UploadType[] = [
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], inline: true, folders: ALL },
  PNG,
  { mime: 'image/gif', extensions: ['gif'], inline: true, folders: ALL },
  { mime: 'image/webp', extensions: ['webp'], inline: true, folders: ALL },
  { mime: 'application/pdf', extensions: ['pdf'], inline: true, folders: ALL },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], inline: false, folders: ALL },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], inline: false, folders: ALL },
  { mime: 'video/mp4', extensions: ['mp4'], inline: true, folders: ['comunicados'] },
];

/** Keyed by the extension `file-type` reports for a content; an animated PNG is still a PNG. */
const BY_DETECTED_EXTENSION = new Map<string, UploadType>([...ACCEPTED.map((type) => [type.extensions[0], type] as const), ['apng', PNG]]);

const BY_EXTENSION = new Map<string, UploadType>(ACCEPTED.flatMap((type) => type.extensions.map((extension) => [extension, type] as const)));

/** The accepted type the bytes are, judged by their content alone. */
export async function detectUploadType(bytes: Buffer): Promise<UploadType | undefined> {
  // Content the detector cannot parse is, for this purpose, content of no accepted type.
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  return detected && BY_DETECTED_EXTENSION.get(detected.ext);
}

/** The accepted type a stored file name stands for, by its extension. */
export function uploadTypeOfName(name: string): UploadType | undefined {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : BY_EXTENSION.get(name.slice(dot + 1).toLowerCase());
}
