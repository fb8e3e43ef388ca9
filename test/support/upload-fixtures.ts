import { crc32, deflateSync } from 'node:zlib';
import type { TestApp } from './test-app.js';

/** Tiny but well-formed files of each kind the upload endpoints judge by content. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 opaque black PNG. */
export function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of exactly `size` bytes: bytes after IEND are ignored by decoders. */
export function pngOfSize(size: number): Buffer {
  const image = png();
  return Buffer.concat([image, Buffer.alloc(size - image.length, 0x20)]);
}

export function jpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]);
}

/** The classic 1×1 transparent GIF. */
export function gif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

export function webp(): Buffer {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), u32le(vp8l.length), vp8l]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(4 + chunk.length), Buffer.from('WEBP', 'latin1'), chunk]);
}

export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1');
}

/** An ISO base media file whose major brand is `isom`: an MP4. */
export function mp4(): Buffer {
  const ftyp = Buffer.concat([u32be(24), Buffer.from('ftypisom', 'latin1'), u32be(0x200), Buffer.from('isommp41', 'latin1')]);
  const mdat = Buffer.concat([u32be(8), Buffer.from('mdat', 'latin1')]);
  return Buffer.concat([ftyp, mdat]);
}

const OOXML_CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
};

export function docx(): Buffer {
  return zip({
    '[Content_Types].xml': contentTypes('/word/document.xml', OOXML_CONTENT_TYPES.docx),
    'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  });
}

export function xlsx(): Buffer {
  return zip({
    '[Content_Types].xml': contentTypes('/xl/workbook.xml', OOXML_CONTENT_TYPES.xlsx),
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  });
}

function contentTypes(part: string, contentType: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    `<Override PartName="${part}" ContentType="${contentType}"/></Types>`
  );
}

/** A ZIP archive of stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const fileName = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    // version, flags, method 0 (stored), time, date, crc, sizes, name length, extra length
    const common = Buffer.concat([u16(20), u16(0), u16(0), u16(0), u16(0x21), u32le(crc32(data)), u32le(data.length), u32le(data.length), u16(fileName.length), u16(0)]);
    const local = Buffer.concat([u32le(0x04034b50), common, fileName, data]);
    centrals.push(Buffer.concat([u32le(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32le(0), u32le(offset), fileName]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const count = Object.keys(entries).length;
  const end = Buffer.concat([u32le(0x06054b50), u16(0), u16(0), u16(count), u16(count), u32le(directory.length), u32le(offset), u16(0)]);
  return Buffer.concat([...locals, directory, end]);
}

/** Content that must never be accepted, whatever it is called. */
export const HOSTILE = {
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
  text: Buffer.from('Hola, esto es texto plano.\n'),
  shell: Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(56)]),
  pe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), u32le(64), Buffer.from('PE\0\0', 'latin1'), Buffer.alloc(20)]),
  plainZip: zip({ 'notes.txt': 'not an office document' }),
};

export interface FilePart {
  /** Form part name; `file` unless given. */
  field?: string;
  filename: string;
  content: Buffer;
  contentType?: string;
  /** Send the name as RFC 5987 `filename*=UTF-8''…`, which can carry any byte, NUL included. */
  encodeName?: boolean;
}

/** A multipart/form-data body built byte by byte, so names reach the server exactly as written. */
export function multipart(parts: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----ess-test-${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => {
    const name = part.encodeName ? `filename*=UTF-8''${encodeURIComponent(part.filename)}` : `filename="${part.filename}"`;
    const head =
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${part.field ?? 'file'}"; ${name}\r\n` +
      `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    return [Buffer.from(head, 'utf8'), part.content, Buffer.from('\r\n')];
  });
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A GET that keeps the response body as bytes, whatever its type. */
export function getBytes(http: TestApp['http'], path: string) {
  return http
    .get(path)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}

function u32le(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

function u32be(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

export type UploadEndpoint = 'solicitud' | 'comunicado' | 'documento';

/** Uploads a file through the API with the given token and answers its URL. */
export async function uploadedUrl(http: TestApp['http'], token: string, endpoint: UploadEndpoint, filename = 'archivo.png', content = png()): Promise<string> {
  const { body, contentType } = multipart([{ filename, content }]);
  const response = await http.post(`/api/uploads/${endpoint}`).set('Authorization', `Bearer ${token}`).set('Content-Type', contentType).send(body);
  if (response.status !== 201) throw new Error(`Upload to ${endpoint} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.url;
}

/** Matches `url` with a signature the API added: `?firma=<43 base64url>&expira=<unix seconds>`. */
export function signedUrl(url: string) {
  return expect.stringMatching(new RegExp(`^${url.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}\\?firma=[A-Za-z0-9_-]{43}&expira=\\d{10}$`));
}
