import type { UploadFolder } from '../../uploads/storage/file-storage.js';

export interface DemoFile {
  folder: UploadFolder;
  /** Stored name, `<ms>-<name>` like every upload; fixed, so a second run finds it taken. */
  name: string;
  contentType: string;
  content: Buffer;
}

/** A 16×16 PNG in the colours of the Spanish flag. */
export const DEMO_IMAGE: DemoFile = {
  folder: 'comunicados',
  name: '1767225600000-bienvenida.png',
  contentType: 'image/png',
  content: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAG0lEQVR42mNYJSpNEmIYkRo+7icNDQsNIzGmAZpyHPAUpcl0AAAAAElFTkSuQmCC',
    'base64',
  ),
};

const PDF_TEXT = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
  '4 0 obj << /Length 58 >> stream',
  'BT /F1 18 Tf 72 760 Td (Manual de bienvenida - demo) Tj ET',
  'endstream endobj',
  '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

/** A one-page PDF. */
export const DEMO_DOCUMENT: DemoFile = {
  folder: 'documentos',
  name: '1767225600000-manual-de-bienvenida.pdf',
  contentType: 'application/pdf',
  content: Buffer.from(PDF_TEXT, 'latin1'),
};
