import { fileNameWith, MAX_NAME_LENGTH, safeFileName } from './safe-file-name.js';

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
