/**
 * CSV import and export in Chromium, through the real pages of the production build
 * (under its CSP: the import's module worker is same-origin) and the real API. The fixture files
 * are made here, byte for byte as each program writes them; the stored records are checked through
 * the API.
 */
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { cnpjCheckDigits, cpfCheckDigits, LIMITS } from '../../lambdas/contract/index.ts';
import { CLIENTE_COLUMNS } from '../../web/src/lib/csv/columns.ts';
import { parseBytes } from '../../web/src/lib/csv/decode.ts';
import { checkRows, guessMapping } from '../../web/src/lib/csv/rows.ts';
import { createCategoria, createProduto, getProduto, listCategorias, listProdutos, token } from './support/api.ts';
import { browserDate, card, describeBrowser, loaded, search, useBrowser, visible } from './support/harness.ts';

const IMPORT_PATH = '/clientes/importar';
const BATCH = LIMITS.importacao.linhasPorLote;

/** Windows-1252's characters for bytes 0x80–0x9F (where it differs from Latin-1; `\ufffd`: undefined). */
const CP1252_HIGH = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';
/** Windows-1252 bytes of a text, as Excel pt-BR writes them (€ “ ” – … included). */
const cp1252 = (text: string) =>
  Buffer.from(
    [...text].map((ch) => {
      const high = CP1252_HIGH.indexOf(ch);
      if (high >= 0 && ch !== '\ufffd') return 0x80 + high;
      const code = ch.charCodeAt(0);
      if (code > 0xff || (code >= 0x80 && code <= 0x9f)) throw new Error(`not in Windows-1252: ${ch}`);
      return code;
    }),
  );
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const withBom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]);

/** The bytes of a download (the browser runs remotely: saved to a local copy first). */
async function bytesOf(download: Download): Promise<Buffer> {
  const file = join(tmpdir(), `clientela-csv-${randomUUID()}.csv`);
  await download.saveAs(file);
  try {
    return await readFile(file);
  } finally {
    await rm(file, { force: true });
  }
}

/** axe's serious and critical findings on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Chooses the file on the import page and waits for the preview. */
async function choose(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.goto(IMPORT_PATH);
  await page.getByLabel('Arquivo CSV').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await visible(page.getByRole('heading', { name: 'Prévia' }));
}

/** Imports what the preview shows and waits for the summary. */
async function importAll(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Importar \d/ }).click();
  await visible(page.getByRole('heading', { name: 'Resumo da importação' }), 30_000);
  return (await page.getByTestId('import-summary').textContent()) ?? '';
}

/** Every field an export writes and an import reads (a field not set: null). */
const EVERY_FIELD = ['nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoria', 'email', 'telefone', 'documento', 'observacoes', 'inicioContrato', 'fimContrato'] as const;
const everyField = (c: Record<string, unknown>) =>
  Object.fromEntries(EVERY_FIELD.map((f) => [f, c[f] ?? null])) as Record<(typeof EVERY_FIELD)[number], unknown> & { nome: string };
const byNome = async (tok: string) => (await listProdutos()).filter((c) => c.nome.includes(tok)).sort((a, b) => a.nome.localeCompare(b.nome));
const plain = (c: { nome: string; segmento: string; pontoFocal: string; valorContrato: number; categoria: { descricao: string } | null }) => ({
  nome: c.nome,
  segmento: c.segmento,
  pontoFocal: c.pontoFocal,
  valorContrato: c.valorContrato,
  categoria: c.categoria?.descricao ?? null,
});

describeBrowser('CSV import: the files people really have', () => {
  const { open } = useBrowser();

  it('Excel pt-BR: Windows-1252, ";", decimal comma, R$ and thousands dots, dates and an Excel serial; a new category created', async () => {
    const { page } = await open();
    const tok = token();
    const existing = await createCategoria(`Padarias ${tok}`);
    const file = cp1252(
      [
        'Nome;Segmento;Ponto focal;Valor do contrato;Categoria;Vencimento',
        `Padaria São João ${tok};Alimentação – “pães”;Conceição;1.500,50;Padarias ${tok};23/11/2026`,
        `Açougue Irmãos ${tok};Alimentação;José;R$ 12.000,00;Açougues ${tok};46349`,
        '',
        `Café Pão ${tok};Alimentação;Inês € Œ‰;1500;;`,
      ].join('\r\n') + '\r\n',
    );
    // Bytes Latin-1 does not have: € “ ” – as Excel pt-BR writes them.
    expect([...file].filter((b) => b >= 0x80 && b <= 0x9f).length).toBeGreaterThanOrEqual(4);
    await choose(page, 'clientes-excel.csv', file);
    await visible(page.getByText(/Windows-1252 · separador ponto e vírgula/));
    await visible(page.getByText(`Açougues ${tok}`));
    expect(await page.getByTestId('import-counts').textContent()).toContain('3 clientes serão criados');
    expect(await importAll(page)).toContain('3 clientes criados');
    const stored = await byNome(tok);
    expect(stored.map(plain)).toEqual([
      { nome: `Açougue Irmãos ${tok}`, segmento: 'Alimentação', pontoFocal: 'José', valorContrato: 12000, categoria: `Açougues ${tok}` },
      { nome: `Café Pão ${tok}`, segmento: 'Alimentação', pontoFocal: 'Inês € Œ‰', valorContrato: 1500, categoria: null },
      { nome: `Padaria São João ${tok}`, segmento: 'Alimentação – “pães”', pontoFocal: 'Conceição', valorContrato: 1500.5, categoria: `Padarias ${tok}` },
    ]);
    expect(stored.find((c) => c.nome.startsWith('Padaria'))!.categoria!.id).toBe(existing.id);
  });

  it('Excel UTF-8 with BOM; Google Sheets (comma, point decimals, synonyms); LibreOffice (all text quoted)', async () => {
    const { page } = await open();
    const tok = token();
    await choose(page, 'excel-utf8.csv', withBom(`Nome;Valor do contrato;Ponto focal\r\nÉpico ${tok};2.500,00;Zoë\r\n`));
    await visible(page.getByText(/UTF-8 · separador ponto e vírgula/));
    await importAll(page);

    await choose(page, 'google.csv', utf8(`Cliente,Contato,Valor,Ramo\nGoogle Um ${tok},Ana,1500.50,Serviços\n"Google Dois ${tok}",Bia,"1,500.50",Serviços\n`));
    await visible(page.getByText(/UTF-8 · separador vírgula/));
    await importAll(page);

    await choose(page, 'libre.csv', utf8(`"Empresa","Setor","Responsável","Valor"\n"Libre ${tok}","Indústria","Caio",980.25\n`));
    await importAll(page);

    expect((await byNome(tok)).map(plain)).toEqual([
      { nome: `Épico ${tok}`, segmento: '', pontoFocal: 'Zoë', valorContrato: 2500, categoria: null },
      { nome: `Google Dois ${tok}`, segmento: 'Serviços', pontoFocal: 'Bia', valorContrato: 1500.5, categoria: null },
      { nome: `Google Um ${tok}`, segmento: 'Serviços', pontoFocal: 'Ana', valorContrato: 1500.5, categoria: null },
      { nome: `Libre ${tok}`, segmento: 'Indústria', pontoFocal: 'Caio', valorContrato: 980.25, categoria: null },
    ]);
  });

  it('quoted fields holding ";" and line breaks; a file without header (columns by position, changeable)', async () => {
    const { page } = await open();
    const tok = token();
    await choose(page, 'aspas.csv', utf8(`Nome;Segmento;Valor\r\n"Silva; Souza ${tok}";"Comércio\r\nvarejista";"1.000,00"\r\n`));
    await importAll(page);

    await choose(page, 'sem-cabecalho.csv', utf8(`Sem Cabeçalho ${tok};Serviços;Bia;3000\r\nOutro Sem ${tok};Serviços;Caio;4.000,10\r\n`));
    expect(await page.getByLabel('A primeira linha é o cabeçalho').isChecked()).toBe(false);
    // Positional: Nome, Segmento, Ponto focal, Valor do contrato. The user moves Ponto focal off.
    await page.getByLabel('Campo da coluna Coluna 3').selectOption('');
    await importAll(page);

    expect((await byNome(tok)).map(plain)).toEqual([
      { nome: `Outro Sem ${tok}`, segmento: 'Serviços', pontoFocal: '', valorContrato: 4000.1, categoria: null },
      { nome: `Sem Cabeçalho ${tok}`, segmento: 'Serviços', pontoFocal: '', valorContrato: 3000, categoria: null },
      { nome: `Silva; Souza ${tok}`, segmento: 'Comércio\nvarejista', pontoFocal: '', valorContrato: 1000, categoria: null },
    ]);
  });

  it("the contact and contract fields as people write them (e-mail, phone, CNPJ/CPF, notes, dates) stored as the contract stores them; a bad CPF and a CNPJ in use named", async () => {
    const { page } = await open();
    const tok = token();
    // Fresh, valid documents for this run (the table is shared by the file's tests).
    const base = String(Date.now()).slice(-9);
    const cpf = `${base}${cpfCheckDigits(base)}`;
    const cnpjBase = `${base.slice(0, 8)}0001`;
    const cnpj = `${cnpjBase}${cnpjCheckDigits(cnpjBase)}`;
    const otherBase = `${String(Number(base.slice(0, 8)) + 1).padStart(8, '0')}0001`;
    const taken = `${otherBase}${cnpjCheckDigits(otherBase)}`;
    await createProduto({ nome: `Dono do CNPJ ${tok}`, contato: { documento: taken } });
    const masked = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
    const file = cp1252(
      [
        'Nome;Valor;E-mail;Fone;CNPJ;Início;Vencimento;Observações',
        `Contato Completo ${tok};1.000,00;Ana@Padaria.com.BR;(11) 98765-4321;${masked(cnpj)};01/01/2026;31/12/2026;"Liga às 9h; prefere e-mail"`,
        `Com CPF ${tok};500;;011 3456-7890;${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)};;46387;`,
        `CPF Errado ${tok};10;;;123.456.789-00;;;`,
        `CNPJ Usado ${tok};10;;;${masked(taken)};;;`,
      ].join('\r\n') + '\r\n',
    );
    await choose(page, 'contatos.csv', file);
    // The preview checks documents against what is stored: what it promises is what happens.
    const invalid = page.getByRole('list', { name: /Linhas inválidas \(2\)/ });
    expect(await invalid.textContent()).toContain("Linha 4: O campo 'CNPJ/CPF' não é um CPF válido: confira os dígitos.");
    expect(await invalid.textContent()).toContain(`Linha 5: O documento ${masked(taken)} já está cadastrado para o cliente “Dono do CNPJ ${tok}”.`);
    expect(await page.getByTestId('import-counts').textContent()).toContain('2 clientes serão criados · 2 linhas inválidas');
    // Shown as the app shows them, not as stored.
    const preview = page.getByRole('table', { name: 'Prévia' });
    expect(await preview.textContent()).toContain('(11) 98765-4321');
    expect(await preview.textContent()).toContain(masked(cnpj));
    expect(await preview.textContent()).toContain('31/12/2026');
    const summary = await importAll(page);
    expect(summary).toContain('2 clientes criados');
    expect(await page.locator('main').innerText()).toContain(`Dono do CNPJ ${tok}`);
    const stored = await byNome(tok);
    expect(stored.find((c) => c.nome.startsWith('Contato Completo'))).toMatchObject({
      email: 'Ana@padaria.com.br',
      telefone: '+5511987654321',
      documento: cnpj,
      inicioContrato: '2026-01-01',
      fimContrato: '2026-12-31',
    });
    expect(stored.find((c) => c.nome.startsWith('Com CPF'))).toMatchObject({ telefone: '+551134567890', documento: cpf, fimContrato: '2026-12-31' });
    expect(stored.some((c) => c.nome.startsWith('CPF Errado') || c.nome.startsWith('CNPJ Usado'))).toBe(false);
  });

  it('lists invalid rows with their line and reason; skips names already stored unless told; failed rows as CSV', async () => {
    const { page } = await open();
    const tok = token();
    await createProduto({ nome: `Já Existe ${tok}` });
    await choose(
      page,
      'erros.csv',
      utf8(`Nome;Valor\nBom ${tok};10\n;20\nRuim ${tok};abc\nJá Existe ${tok};30\nAmbíguo ${tok};1,500\n`),
    );
    const invalid = page.getByRole('list', { name: /Linhas inválidas \(3\)/ });
    await visible(invalid);
    expect(await invalid.textContent()).toContain("Linha 3: O campo 'Nome' é obrigatório.");
    expect(await invalid.textContent()).toContain("Linha 4: O campo 'Valor do contrato' deve ser um número.");
    expect(await invalid.textContent()).toContain('Linha 6:');
    expect(await page.getByTestId('import-counts').textContent()).toContain('1 cliente será criado · 3 linhas inválidas · 1 será pulado');
    expect(await seriousViolations(page), 'preview').toEqual([]);
    const summary = await importAll(page);
    expect(await seriousViolations(page), 'summary').toEqual([]);
    expect(summary).toContain('1 cliente criado');
    expect(summary).toContain('1 linha pulada');
    expect(summary).toContain('3 linhas com falha');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar as linhas com falha (CSV)' }).click()]);
    const failed = parseBytes(await bytesOf(download));
    expect(failed.rows[0]).toEqual(['Nome', 'Valor', 'Motivo']);
    expect(failed.rows.slice(1).map((r) => r[1])).toEqual(['20', 'abc', '1,500']);
    expect((await byNome(tok)).map((c) => c.nome)).toEqual([`Bom ${tok}`, `Já Existe ${tok}`]);
  });

  it('says a file over the limit is too big before anything is read or sent', async () => {
    const { page } = await open();
    let sent = 0;
    page.on('request', (r) => void (r.url().includes('/api/importacoes') && r.method() === 'POST' && sent++));
    await page.goto(IMPORT_PATH);
    await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'grande.csv', mimeType: 'text/csv', buffer: Buffer.alloc(LIMITS.importacao.arquivoBytes + 1, 'a') });
    await visible(page.getByRole('alert').filter({ hasText: 'O arquivo tem mais de 5 MB' }));
    expect(sent).toBe(0);
  });

  it('a batch whose answer is lost is sent again with its key and created once', async () => {
    const session = await open();
    const { page } = session;
    const tok = token();
    session.allowFailures(/\/api\/importacoes\/\d+\/lotes/);
    let lost = 0;
    await page.route('**/api/importacoes/*/lotes', async (route) => {
      // The server gets the first attempt and creates; its answer never reaches the page.
      if (lost++ === 0) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    const rows = Array.from({ length: 5 }, (_, i) => `Perdido ${i} ${tok};${i + 1}`).join('\n');
    await choose(page, 'rede.csv', utf8(`Nome;Valor\n${rows}\n`));
    expect(await importAll(page)).toContain('5 clientes criados');
    expect(lost).toBe(2);
    expect(await byNome(tok)).toHaveLength(5);
  });

  it('an import cancelled at 50 % and undone leaves the data as before (the category it created too)', async () => {
    const { page } = await open();
    const tok = token();
    const before = { produtos: await listProdutos(), categorias: await listCategorias() };
    let batches = 0;
    await page.route('**/api/importacoes/*/lotes', async (route) => {
      // Cancelar is pressed while the first of two batches is on its way: it is the last one sent.
      if (batches++ === 0) await page.getByRole('button', { name: 'Cancelar' }).click();
      await route.continue();
    });
    const rows = Array.from({ length: 2 * BATCH }, (_, i) => `Metade ${String(i).padStart(4, '0')} ${tok};${i};Metade ${tok}`).join('\n');
    await choose(page, 'metade.csv', utf8(`Nome;Valor;Categoria\n${rows}\n`));
    const summary = await importAll(page);
    expect(await page.getByText('Importação cancelada.').count()).toBe(1);
    expect(summary).toContain(`${BATCH} clientes criados`);
    expect(summary).toContain('1 categoria criada');
    expect(batches).toBe(1);
    expect(await byNome(tok)).toHaveLength(BATCH);

    await page.getByRole('button', { name: 'Desfazer importação' }).click();
    // It asks first.
    const ask = page.getByRole('group', { name: 'Desfazer importação' });
    await visible(ask.getByText(`Desfazer esta importação? ${BATCH} clientes criados por ela vão para a Lixeira, e 1 categoria também.`));
    await ask.getByRole('button', { name: 'Desfazer', exact: true }).click();
    // One category's clients are deleted one after the other (see the undo's API test).
    await visible(page.getByText(`Importação desfeita: ${BATCH + 1} registros deletados (na Lixeira).`), 150_000);
    // The page says the import was undone, no longer that it was cancelled or concluded.
    expect(await page.getByTestId('import-state').textContent()).toBe('Importação desfeita.');
    expect({ produtos: await listProdutos(), categorias: await listCategorias() }).toEqual(before);
    // Its records come back together (100 a call, with progress).
    await page.getByRole('button', { name: 'Restaurar importação' }).click();
    await visible(page.getByText(`Importação restaurada: ${BATCH + 1} registros restaurados.`), 150_000);
    expect(await byNome(tok)).toHaveLength(BATCH);
    expect(await page.getByTestId('import-state').textContent()).toBe('Importação cancelada.');
  }, 240_000);

  it('an import cancelled midway continues where it stopped; new categories left out and repeated names imported when the user says so', async () => {
    const { page } = await open();
    const tok = token();
    await createProduto({ nome: `Repetido ${tok}` });
    let batches = 0;
    await page.route('**/api/importacoes/*/lotes', async (route) => {
      if (batches++ === 0) await page.getByRole('button', { name: 'Cancelar' }).click();
      await route.continue();
    });
    const rows = Array.from({ length: BATCH + 2 }, (_, i) => (i === 0 ? `Repetido ${tok};1;Nova ${tok}` : `Seguinte ${String(i).padStart(4, '0')} ${tok};${i};Nova ${tok}`));
    await choose(page, 'continuar.csv', utf8(`Nome;Valor;Categoria\n${rows.join('\n')}\n`));
    await page.getByLabel('Importar esses clientes sem categoria').check();
    await page.getByLabel('Importar mesmo assim').check();
    expect(await importAll(page)).toContain(`${BATCH} clientes criados`);
    await page.getByRole('button', { name: 'Continuar a importação' }).click();
    await visible(page.getByText('Importação concluída.'), 30_000);
    expect(await page.getByTestId('import-summary').textContent()).toContain(`${BATCH + 2} clientes criados`);
    const stored = await byNome(tok);
    expect(stored).toHaveLength(BATCH + 3);
    expect(stored.filter((c) => c.nome === `Repetido ${tok}`)).toHaveLength(2);
    expect(stored.every((c) => c.categoria === null)).toBe(true);
    expect((await listCategorias()).some((c) => c.descricao === `Nova ${tok}`)).toBe(false);
  }, 120_000);

  it('an import interrupted by a reload is continued later with the same file (nothing created twice), then undone from the list', async () => {
    const session = await open();
    const { page } = session;
    const tok = token();
    const before = { produtos: await listProdutos(), categorias: await listCategorias() };
    let batches = 0;
    session.allowFailures(/\/api\/importacoes\/\d+\/lotes/);
    await page.route('**/api/importacoes/*/lotes', async (route) => {
      // The second batch never reaches the server (its retries neither): the tab is reloaded meanwhile.
      if (batches++ === 0) await route.continue();
      else await route.abort('connectionreset');
    });
    const rows = Array.from({ length: BATCH + 50 }, (_, i) => `Retomado ${String(i).padStart(4, '0')} ${tok};${i + 1};Grupo ${i % 4} ${tok}`).join('\n');
    const file = utf8(`Nome;Valor;Categoria\n${rows}\n`);
    await choose(page, 'retomar.csv', file);
    await page.getByRole('button', { name: /^Importar \d/ }).click();
    await expect.poll(() => batches, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await byNome(tok)).length, { timeout: 30_000 }).toBe(BATCH);
    await page.reload();
    await page.unroute('**/api/importacoes/*/lotes');

    // The import is listed as stopped midway; Continuar asks for its file again.
    const job = page.getByRole('article', { name: /^Importação de retomar\.csv/ });
    await visible(job);
    expect(await job.textContent()).toContain('Incompleta');
    expect(await job.textContent()).toContain(`${BATCH} de ${BATCH + 50} clientes criados · 4 categorias criadas`);
    await job.getByRole('button', { name: 'Continuar a importação de retomar.csv' }).click();
    await visible(page.getByText('Para continuar a importação, escolha de novo o arquivo “retomar.csv”.', { exact: false }));
    // Another file is refused.
    await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'outro.csv', mimeType: 'text/csv', buffer: utf8('Nome;Valor\nOutro;1\n') });
    await visible(page.getByRole('alert').filter({ hasText: 'Este não é o arquivo desta importação. Escolha “retomar.csv”.' }));
    await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'retomar.csv', mimeType: 'text/csv', buffer: file });
    await visible(page.getByText(`Continuando a importação de “retomar.csv”: ${BATCH} linhas já importadas serão puladas.`));
    await page.getByRole('button', { name: 'Continuar: importar 50 clientes' }).click();
    await visible(page.getByRole('heading', { name: 'Resumo da importação' }), 30_000);
    const summary = (await page.getByTestId('import-summary').textContent()) ?? '';
    expect(summary).toContain('50 clientes criados');
    expect(summary).toContain(`${BATCH} linhas já importadas antes`);
    const stored = await byNome(tok);
    expect(stored).toHaveLength(BATCH + 50);
    expect(new Set(stored.map((c) => c.nome)).size).toBe(BATCH + 50);

    // Later (another visit), it is concluded and undone from the list.
    await page.goto(IMPORT_PATH);
    await visible(job);
    expect(await job.textContent()).toContain('Concluída');
    await job.getByRole('button', { name: 'Desfazer a importação de retomar.csv' }).click();
    await job.getByRole('button', { name: 'Desfazer', exact: true }).click();
    await visible(job.getByText(`Importação desfeita: ${BATCH + 54} registros deletados (na Lixeira).`), 150_000);
    expect({ produtos: await listProdutos(), categorias: await listCategorias() }).toEqual(before);
  }, 240_000);

  it('categories: a one-column list (header optional, commas in names); names already stored are skipped', async () => {
    const { page } = await open();
    const tok = token();
    await createCategoria(`Existente ${tok}`);
    await page.goto('/categorias/importar');
    await page
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'categorias.csv', mimeType: 'text/csv', buffer: cp1252(`Categoria\r\nNova Um ${tok}\r\nexistente ${tok}\r\n\r\nBebidas, sucos ${tok}\r\n`) });
    await visible(page.getByRole('heading', { name: 'Prévia' }));
    expect(await page.getByTestId('import-counts').textContent()).toBe('2 categorias novas; 1 já existe.');
    await page.getByRole('button', { name: 'Importar 2 categorias' }).click();
    await visible(page.getByText('2 categorias criadas'));
    const names = (await listCategorias()).map((c) => c.descricao).filter((d) => d.includes(tok)).sort();
    // A comma is part of a name in a one-column list.
    expect(names).toEqual([`Bebidas, sucos ${tok}`, `Existente ${tok}`, `Nova Um ${tok}`]);
  });
});

describeBrowser('CSV export', () => {
  const { open } = useBrowser();

  it('exports what the list shows: BOM, ";", CRLF, decimal comma, VIP, formulas neutralised; parsed back it gives the same records, every field', async () => {
    const { page } = await open();
    const tok = token();
    const cat = await createCategoria(`Exportados ${tok}`);
    const base = String(Date.now() + 7).slice(-9);
    const cpf = `${base}${cpfCheckDigits(base)}`;
    const cnpjBase = `0${base.slice(0, 7)}0001`;
    const cnpj = `${cnpjBase}${cnpjCheckDigits(cnpjBase)}`;
    await createProduto({
      nome: `=HYPERLINK("http://mal.example","clique") ${tok}`,
      segmento: '+Varejo',
      pontoFocal: '@ana',
      valorContrato: 12345.6,
      categoria: cat,
      contato: {
        email: 'Compras@Padaria.COM.br',
        telefone: '(11) 98765-4321',
        documento: cnpj,
        observacoes: 'Liga às 9h; "urgente"\nSegunda linha: =SOMA(A1)',
        inicioContrato: '2026-01-01',
        fimContrato: '2026-12-31',
      },
    });
    await createProduto({
      nome: `Vírgula; e "aspas" ${tok}`,
      segmento: 'Linha\ndupla',
      pontoFocal: '-',
      valorContrato: 0,
      categoria: null,
      contato: { telefone: '1134567890', documento: cpf, inicioContrato: '2025-02-28' },
    });
    await createProduto({ nome: `Fora do filtro ${token()}`, valorContrato: 1 });
    await page.goto('/clientes');
    await loaded(page);
    await search(page, tok);
    await visible(card(page, 'Vírgula'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toBe(`clientes-${browserDate()}.csv`);
    const bytes = await bytesOf(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\ufeff' + CLIENTE_COLUMNS.map((c) => c.header).join(';'));
    expect(text).toContain(`"'=HYPERLINK(""http://mal.example"",""clique"") ${tok}";'+Varejo;'@ana;12345,60;Exportados ${tok};Sim;Compras@padaria.com.br;(11) 98765-4321;`);
    expect(text).toContain(`"Liga às 9h; ""urgente""\nSegunda linha: =SOMA(A1)";01/01/2026;31/12/2026`);
    expect(text).toContain(`"Vírgula; e ""aspas"" ${tok}";"Linha\ndupla";'-;0,00;;Não`);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toContain('Fora do filtro');

    // Parsed back as the import reads it: the same records, every field (the notes read for the export).
    const parsed = parseBytes(bytes);
    expect(parsed).toMatchObject({ encoding: 'utf-8', delimiter: ';' });
    const rows = checkRows(parsed.rows, guessMapping(parsed.rows, true), true);
    expect(rows.map((r) => r.problems)).toEqual([[], []]);
    const back = rows.map((r) => everyField({ ...r.row!, categoria: r.row!.categoria ?? null })).sort((a, b) => a.nome.localeCompare(b.nome));
    const stored = await Promise.all((await byNome(tok)).map((c) => getProduto(c.id)));
    expect(back).toEqual(stored.map((c) => everyField({ ...c, categoria: c.categoria?.descricao ?? null })));
    expect(back.map((c) => c.documento)).toEqual([cnpj, cpf]);
    expect(back[0]!.observacoes).toBe('Liga às 9h; "urgente"\nSegunda linha: =SOMA(A1)');
  });

  it('exports the categories the list shows', async () => {
    const { page } = await open();
    const tok = token();
    await createCategoria(`Cat Um ${tok}`);
    await createCategoria(`@Cat Dois ${tok}`);
    await page.goto('/categorias');
    await loaded(page);
    await search(page, tok);
    await visible(card(page, 'Cat Um'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^categorias-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await bytesOf(download)).toString('utf8');
    // In the list's order (by name, the default: '@' sorts before letters).
    expect(text).toBe(`\ufeffCategoria\r\n'@Cat Dois ${tok}\r\nCat Um ${tok}\r\n`);
  });
});
