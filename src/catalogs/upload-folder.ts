/** The folders uploads are stored in, each the last-but-one segment of a file's URL. */
export const UPLOAD_FOLDERS = ['solicitudes', 'comunicados', 'documentos'] as const;

export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export function isUploadFolder(name: string): name is UploadFolder {
  return (UPLOAD_FOLDERS as readonly string[]).includes(name);
}
