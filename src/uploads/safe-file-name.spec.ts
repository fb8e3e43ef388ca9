import { costGrowth } from '../../test/support/relative-cost.js';
import { fileNameWith, MAX_NAME_LENGTH, MAX_READ_LENGTH, safeFileName } from './safe-file-name.js';

describe('safeFileName', () => {
  it.each([
    ['foto.png', 'foto', 'png'],
    ['../../etc/passwd', 'passwd', ''],
    ['C:\\Users\\ana\\Escritorio\\nómina.PDF', 'nomina', 'pdf'],
    ['Año 2026 – resumen.xlsx', 'Ano_2026___resumen', 'xlsx'],
    ['foto\0.exe.png', 'foto_.exe', 'png'],
    ['factura\u202Efdp.exe', 'factura_fdp', 'exe'],
    ['<b>informe</b>.png', 'b_', 'png'],
    ['.bashrc', 'bashrc', ''],
    ['informe.pdf.', 'informe', 'pdf'],
    ['..', '', ''],
    ['carpeta/', '', ''],
    ['ﬁchero.png', 'fichero', 'png'],
  ])('reads %p as stem %p and extension %p', (original, stem, extension) => {
    expect(safeFileName(original)).toEqual({ stem, extension });
  });

  it.each([
    ['a run of dots inside the name', (n: number) => `a${'.'.repeat(n)}b.png`],
    ['a run of dots at the end', (n: number) => `a${'.'.repeat(n)}`],
    ['a run of dots at the start', (n: number) => `${'.'.repeat(n)}b.png`],
    ['letters', (n: number) => 'a'.repeat(n)],
    ['characters that expand when normalized', (n: number) => '\uFDFA'.repeat(n)],
  ])('reads %s in linear time and a bounded result', (_case, name) => {
    // The dot-trimming regex took 1.6 s on 40,000 dots: quadratic, 64 times the cost for 8 times the dots.
    const reading = (n: number) => {
      const original = name(n);
      return () => safeFileName(original);
    };
    expect(costGrowth(reading, 125_000, 8)).toBeLessThan(24);
    const { stem, extension } = safeFileName(name(1_000_000));
    expect(stem.length + extension.length).toBeLessThanOrEqual(MAX_READ_LENGTH * 18);
  });

  it('keeps the head and the extension of a name longer than it reads', () => {
    const kept = 'x'.repeat(MAX_READ_LENGTH - 'informe-'.length - '-final.PDF'.length);
    expect(safeFileName(`informe-${'x'.repeat(5_000)}-final.PDF`)).toEqual({ stem: `informe-${kept}-final`, extension: 'pdf' });
    expect(safeFileName(`${'.'.repeat(5_000)}foto.png`)).toEqual({ stem: 'foto', extension: 'png' });
  });

  it('leaves only characters of [A-Za-z0-9._-], never a leading dot', () => {
    const { stem, extension } = safeFileName('../\u0000\u202E\u200B 🙂 ~$%&.,;:!¿?"\'`|*<>[]{}()=+#@^\\.docx');
    expect(`${stem}.${extension}`).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);
  });
});

describe('fileNameWith', () => {
  it('joins stem and extension', () => {
    expect(fileNameWith('foto', 'png')).toBe('foto.png');
  });

  it('truncates a long stem so the whole name fits and keeps the extension', () => {
    const name = fileNameWith('a'.repeat(500), 'jpeg');
    expect(name).toHaveLength(MAX_NAME_LENGTH);
    expect(name).toBe(`${'a'.repeat(MAX_NAME_LENGTH - 5)}.jpeg`);
  });

  it('names an empty stem archivo', () => {
    expect(fileNameWith('', 'pdf')).toBe('archivo.pdf');
  });
});
