/**
 * CSV, pure parts: the column table's reading of cells (numbers, dates, phones,
 * documents as people write them), the header matching, the writer's quoting and neutralising,
 * decoding (encodings, delimiters), and the import's packing of rows into transactions.
 */
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits, formatDocumento, LIMITS, MESSAGES, type Cliente } from '../../lambdas/contract/index.ts';
import { chunkRows, pack, TRANSACTION_MAX_ITEMS } from '../../lambdas/store/packing.ts';
import { allOf, compare, exists, type AnyOp } from '../../lambdas/store/write.ts';
import { failedRowsCsv } from '../../web/src/features/importacao/components/Summary.tsx';
import { batchEnd, rowBytes } from '../../web/src/lib/csv/batches.ts';
import { CLIENTE_COLUMNS, columnFor, formatDecimal, type ClienteCsv } from '../../web/src/lib/csv/columns.ts';
import { decode, parseBytes } from '../../web/src/lib/csv/decode.ts';
import { clientesCsv } from '../../web/src/lib/csv/export.ts';
import { formatData, formatTelefone, readData, readDocumento, readTelefone } from '../../web/src/lib/csv/fields.ts';
import { categoriaNames, CHECK_SLICE, checkRows, checkRowsInSteps, columnHeaders, guessMapping, hasHeader } from '../../web/src/lib/csv/rows.ts';
import { neutralise, toCsv, unneutralise } from '../../web/src/lib/csv/write.ts';
import { CSV_TEXTS } from '../../web/src/texts/csv.ts';

const column = (field: string) => CLIENTE_COLUMNS.find((c) => c.field === field)!;
const read = (field: string, text: string) => column(field).parse!(text, column(field).header);

describe('reading cells', () => {
  it('reads contract values as people type them', () => {
    for (const [text, value] of [
      ['1500', 1500],
      ['1500,50', 1500.5],
      ['1.500,50', 1500.5],
      ['R$ 1.500,50', 1500.5],
      ['1,500.50', 1500.5],
      ['1500.5', 1500.5],
    ] as const) {
      expect(read('valorContrato', text), text).toEqual({ ok: true, value });
    }
    expect(read('valorContrato', 'abc')).toEqual({ ok: false, problem: MESSAGES.campoNumero('Valor do contrato') });
    // The same rules in the same words as the form.
    expect(read('valorContrato', '-5')).toEqual({ ok: false, problem: 'Valor do contrato não pode ser negativo.' });
    expect(read('valorContrato', '999.999.999.999,99')).toEqual({ ok: false, problem: 'O valor do contrato deve ser no máximo R$ 100.000.000,00.' });
    expect(read('valorContrato', '1,500')).toMatchObject({ ok: false });
  });

  it('reads dates as dd/mm/aaaa, ISO and Excel serial numbers; refuses impossible days', () => {
    expect(readData('23/11/2026')).toEqual({ ok: true, value: '2026-11-23' });
    expect(readData('3-1-26')).toEqual({ ok: true, value: '2026-01-03' });
    expect(readData('2026-11-23')).toEqual({ ok: true, value: '2026-11-23' });
    expect(readData('46349')).toEqual({ ok: true, value: '2026-11-23' });
    expect(readData('31/02/2026').ok).toBe(false);
    expect(readData('amanhã').ok).toBe(false);
    expect(formatData('2026-11-23')).toBe('23/11/2026');
  });

  it('reads phones to E.164 and writes them as (11) 98765-4321, so a file round-trips', () => {
    expect(readTelefone('(11) 98765-4321')).toEqual({ ok: true, value: '+5511987654321' });
    expect(readTelefone('+55 11 3456-7890')).toEqual({ ok: true, value: '+551134567890' });
    expect(readTelefone('011 98765 4321')).toEqual({ ok: true, value: '+5511987654321' });
    expect(readTelefone('123').ok).toBe(false);
    expect(formatTelefone('+5511987654321')).toBe('(11) 98765-4321');
    expect(readTelefone(formatTelefone('+551134567890'))).toEqual({ ok: true, value: '+551134567890' });
  });

  it('reads CPF and CNPJ (numeric and alphanumeric) with their check digits; masks them with leading zeros kept', () => {
    expect(readDocumento('123.456.789-09')).toEqual({ ok: true, value: '12345678909' });
    expect(readDocumento('11.222.333/0001-81')).toEqual({ ok: true, value: '11222333000181' });
    expect(readDocumento('12.ABC.345/01DE-35')).toEqual({ ok: true, value: '12ABC34501DE35' });
    expect(readDocumento('123.456.789-00').ok).toBe(false);
    expect(readDocumento('111.111.111-11').ok).toBe(false);
    expect(formatDocumento('01234567890')).toBe('012.345.678-90');
    expect(formatDocumento('01222333000181')).toBe('01.222.333/0001-81');
  });

  it('matches headers by name, ignoring case, accents and spacing, and common synonyms', () => {
    const fieldOf = (h: string) => columnFor(CLIENTE_COLUMNS, h)?.field;
    expect(fieldOf('NOME')).toBe('nome');
    expect(fieldOf(' Cliente ')).toBe('nome');
    expect(fieldOf('Empresa')).toBe('nome');
    expect(fieldOf('Contato')).toBe('pontoFocal');
    expect(fieldOf('valor')).toBe('valorContrato');
    expect(fieldOf('Valor (R$)')).toBe('valorContrato');
    expect(fieldOf('CNPJ')).toBe('documento');
    expect(fieldOf('Fone')).toBe('telefone');
    expect(fieldOf('WhatsApp')).toBe('telefone');
    expect(fieldOf('Vencimento')).toBe('fimContrato');
    expect(fieldOf('Início do contrato')).toBe('inicioContrato');
    expect(fieldOf('Observações')).toBe('observacoes');
    expect(fieldOf('VIP')).toBeUndefined();
    expect(fieldOf('Qualquer')).toBeUndefined();
  });

  it('reads rows with their spreadsheet line numbers, skipping empty lines; a header-less file by position', () => {
    const rows = [['Nome', 'Valor'], ['A', '1'], ['', ''], ['', '2'], ['C', 'x']];
    expect(hasHeader(rows[0])).toBe(true);
    const checks = checkRows(rows, guessMapping(rows, true), true);
    expect(checks.map((c) => [c.linha, c.problems])).toEqual([
      [2, []],
      [4, [MESSAGES.campoObrigatorio('Nome')]],
      [5, [MESSAGES.campoNumero('Valor do contrato')]],
    ]);
    const bare = [['Loja', 'Varejo', 'Ana', '10']];
    expect(hasHeader(bare[0])).toBe(false);
    expect(checkRows(bare, guessMapping(bare, false), false)[0]!.row).toEqual({ nome: 'Loja', segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 10 });
  });

  it('checks a large file in slices with the main thread free between them, with the same result (a CNPJ repeated across slices included)', async () => {
    const base = '112223330001';
    const cnpj = formatDocumento(base + cnpjCheckDigits(base));
    const rows = [['Nome', 'Valor do contrato', 'CNPJ/CPF'], ...Array.from({ length: 3 * CHECK_SLICE + 7 }, (_, i) => [`Cliente ${i}`, `${i},50`, i === 3 || i === 2 * CHECK_SLICE + 1 ? cnpj : ''])];
    const mapping = guessMapping(rows, true);
    let between = 0;
    const ticking = setInterval(() => between++, 0);
    const stepped = await checkRowsInSteps(rows, mapping, true);
    clearInterval(ticking);
    expect(stepped).toEqual(checkRows(rows, mapping, true));
    expect(stepped).toHaveLength(3 * CHECK_SLICE + 7);
    expect(stepped[2 * CHECK_SLICE + 1]!.problems).toEqual([MESSAGES.documentoDuplicado(cnpj, 'Cliente 3')]);
    // Other tasks ran while it checked: it gave the thread back after each slice.
    expect(between).toBeGreaterThanOrEqual(2);
  });
});

describe('writing CSV', () => {
  it('neutralises formulas (=, +, -, @, tab, CR) and the import takes the prefix off again', () => {
    for (const s of ['=1+1', '+55', '-2+3', '@SUM(A1)', '\tx', '\rx', '-', '-A', '+5511987654321']) {
      expect(neutralise(s)).toBe(`'${s}`);
      expect(unneutralise(neutralise(s))).toBe(s);
    }
    expect(neutralise('Ana')).toBe('Ana');
    expect(unneutralise("'Ana")).toBe("'Ana");
  });

  it('looks at the first visible character and catches fullwidth and small forms', () => {
    for (const s of ['\u200e=1+1', '\u00ad@x', '\ufeff+1', '\u200b\u2060-1+1', ' =1+1', '\u00a0=1', '－1+1', '＝1+1', '＋1', '＠x', '﹦1', '﹣1+1']) {
      expect(neutralise(s)).toBe(`'${s}`);
      expect(unneutralise(neutralise(s))).toBe(s);
    }
    expect(neutralise('Ana\u200e=')).toBe('Ana\u200e=');
  });

  it('leaves a cell that is wholly a pt-BR number plain, and still reads the old prefixed form', () => {
    for (const s of ['-200,00', '-2', '-1.234.567,89', '-15', '-0,5', '1.000', '12345,67']) expect(neutralise(s)).toBe(s);
    for (const s of ['-200,00 reais', '-1.23', '-1.2345,00', '-2,', '-,5', '-2-3']) expect(neutralise(s)).toBe(`'${s}`);
    expect(unneutralise("'-200,00")).toBe('-200,00');
  });

  it('guards the failed-rows file and the export alike', () => {
    const cells = ['-200,00', '-2+3', '－1+1', '\u200e=1+1', '\u00ad@x'];
    const written = ['-200,00', "'-2+3", "'－1+1", "'\u200e=1+1", "'\u00ad@x"];
    const failed = failedRowsCsv(['Texto'], cells.map((t, i) => ({ linha: i + 2, motivo: 'x', cells: [t] })));
    expect(parseBytes(Buffer.from(failed, 'utf8')).rows.slice(1).map((r) => r[0])).toEqual(written);
    const exportedCsv = clientesCsv(cells.map((nome, i) => ({ ...exported[0]!, id: i + 1, nome })));
    expect(parseBytes(Buffer.from(exportedCsv, 'utf8')).rows.slice(1).map((r) => r[0])).toEqual(written);
  });

  it('quotes per RFC 4180 only what needs it; numbers with decimal comma, no thousands separator', () => {
    const csv = toCsv(
      [
        { header: 'Texto', synonyms: [], format: (r: { t: string; v: number }) => r.t },
        { header: 'Valor', synonyms: [], numeric: true, format: (r: { t: string; v: number }) => formatDecimal(r.v) },
      ],
      [
        { t: 'a;b', v: 1234567.5 },
        { t: 'diz "oi"\nde novo', v: 0 },
      ],
    );
    expect(csv).toBe('\ufeffTexto;Valor\r\n"a;b";1234567,50\r\n"diz ""oi""\nde novo";0,00\r\n');
  });
});

describe('decoding files', () => {
  it('tells UTF-8 (with or without BOM) from Windows-1252 and finds the delimiter', () => {
    expect(decode(Buffer.from('\ufeffAção', 'utf8'))).toEqual({ text: 'Ação', encoding: 'utf-8' });
    expect(decode(Buffer.from('Ação', 'latin1'))).toEqual({ text: 'Ação', encoding: 'windows-1252' });
    expect(decode(Buffer.from([0x80]))).toEqual({ text: '€', encoding: 'windows-1252' });
    expect(parseBytes(Buffer.from('a;b\r\n"1,5";2\r\n')).delimiter).toBe(';');
    expect(parseBytes(Buffer.from('a,b\n"1,5",2\n')).delimiter).toBe(',');
    expect(parseBytes(Buffer.from('a\tb\n1\t2\n'))).toMatchObject({ delimiter: '\t', rows: [['a', 'b'], ['1', '2']] });
  });
});

describe('packing import rows into transactions', () => {
  const put = (id: number): AnyOp => ({ name: 'cliente.put', put: { pk: 'PRODUTO', sk: id } });
  const count = (cat: number, d = 1): AnyOp => ({ name: 'categoria.count', key: { pk: 'CATEGORIA', sk: cat }, update: { add: { produtos: d } }, condition: exists('pk') });
  /** An update that adds several numbers to one item: they merge too, its condition kept. */
  const aggregate = (cat: number, soma: number): AnyOp => ({
    name: 'categoria.aggregate',
    key: { pk: 'CATEGORIA', sk: cat },
    update: { add: { vips: 1, soma } },
    condition: allOf(exists('pk'), compare('versao', '>=', 0)),
  });
  const updateOf = (op: AnyOp | undefined) => (op && 'update' in op ? op.update : undefined);

  it('folds the count updates of one category into one update that adds the sum; other items stay one per row', () => {
    const rows = [1, 2, 3].map((id) => [put(id), count(7)]);
    const packed = pack(rows, []);
    expect(packed.ops.map((o) => o.name)).toEqual(['cliente.put', 'cliente.put', 'cliente.put', 'categoria.count×3']);
    expect(updateOf(packed.ops[3])).toEqual({ add: { produtos: 3 } });
    expect(packed.rowsOf[3]).toEqual([0, 1, 2]);
    const agg = pack([[put(1), aggregate(7, 100)], [put(2), aggregate(7, 250)]], []);
    expect(updateOf(agg.ops[2])).toEqual({ add: { vips: 2, soma: 350 } });
    expect(agg.ops[2]!.condition).toEqual(aggregate(7, 0).condition);
  });

  it('sizes transactions from the rows’ real op-lists: never over 100 items with the extra items counted', () => {
    // Rows of 3 own items (as if history and a claim came along) across 5 categories.
    const rows = Array.from({ length: 500 }, (_, i) => [put(i), put(10_000 + i), put(20_000 + i), count(i % 5)]);
    const chunks = chunkRows(rows, 2);
    for (const chunk of chunks) {
      const items = pack(chunk.map((r) => rows[r]!), [put(-1), put(-2)]).ops.length;
      expect(items).toBeLessThanOrEqual(TRANSACTION_MAX_ITEMS);
    }
    expect(chunks.flat()).toEqual(rows.map((_, i) => i));
    // 3 per row + 5 folded counts + 2 extra: 31 rows fill 100 items.
    expect(chunks[0]).toHaveLength(31);
  });
});

/** Clients as the export has them: every field, a VIP among them. */
const exported: ClienteCsv[] = [
  {
    id: 1, nome: 'Padaria; São João', segmento: 'Alimentação', pontoFocal: 'Ana', valorContrato: 12345.6, categoria: { id: 3, descricao: 'Varejo' }, versao: 1,
    email: 'ana@padaria.com.br', telefone: '+5511987654321', documento: `012223330001${cnpjCheckDigits('012223330001')}`, observacoes: 'Liga às 9h;\nprefere “e-mail”.',
    inicioContrato: '2026-01-01', fimContrato: '2026-12-31',
  } as Cliente,
  { id: 2, nome: '=Fórmula', segmento: '', pontoFocal: '', valorContrato: 0, categoria: null, versao: 1 } as Cliente,
];
/** A client read back by the import: the wire fields it fills. */
const asRead = (c: ClienteCsv) => {
  const { id: _id, versao: _v, categoria, ...fields } = c as ClienteCsv & Record<string, unknown>;
  return { ...fields, ...(categoria ? { categoria: categoria.descricao } : {}) };
};

describe('an import reads what the export writes', () => {
  it('a header-less copy of an export is read in the export’s order (the export-only VIP column read as nothing)', () => {
    const csv = toCsv(CLIENTE_COLUMNS, exported);
    const withoutHeader = csv.slice(csv.indexOf('\r\n') + 2);
    const { rows } = parseBytes(Buffer.from(withoutHeader, 'utf8'));
    expect(hasHeader(rows[0])).toBe(false);
    const mapping = guessMapping(rows, false);
    expect(mapping[5]).toBeNull();
    expect(mapping[6]).toBe('email');
    const checks = checkRows(rows, mapping, false);
    expect(checks.map((c) => c.problems)).toEqual([[], []]);
    expect(checks.map((c) => c.row)).toEqual(exported.map(asRead));
  });

  it('the failed rows of a header-less file come back under the fields’ headers, and Motivo is never imported', () => {
    const rows = [['Loja Um', 'Varejo', 'Ana', 'abc', 'Bebidas'], ['Loja Dois', 'Varejo', 'Bia', '10', 'Bebidas']];
    const mapping = guessMapping(rows, false);
    const checks = checkRows(rows, mapping, false);
    const failures = checks.filter((c) => c.problems.length > 0).map((c) => ({ linha: c.linha, motivo: c.problems.join(' '), cells: c.cells }));
    expect(failures.map((f) => f.linha)).toEqual([1]);
    const csv = failedRowsCsv(columnHeaders(rows, mapping, false, CSV_TEXTS.columns.unnamed), failures);
    const back = parseBytes(Buffer.from(csv, 'utf8')).rows;
    expect(back[0]).toEqual(['Nome', 'Segmento', 'Ponto focal', 'Valor do contrato', 'Categoria', 'Motivo']);
    expect(hasHeader(back[0])).toBe(true);
    const again = guessMapping(back, true);
    expect(again).toEqual(['nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoria', null]);
    // Fixed in the spreadsheet, it imports with its own cells only.
    back[1]![3] = '15,50';
    expect(checkRows(back, again, true)).toEqual([
      { linha: 2, cells: back[1], problems: [], row: { nome: 'Loja Um', segmento: 'Varejo', pontoFocal: 'Ana', valorContrato: 15.5, categoria: 'Bebidas' } },
    ]);
    // A file of Motivo alone is read by its header too.
    expect(hasHeader(['Motivo'])).toBe(true);
  });
});

describe('the preview says what the API would', () => {
  it('a blank contract value, or no value column, is required (not R$ 0,00)', () => {
    const required = MESSAGES.campoObrigatorio('Valor do contrato');
    const rows = [['Nome', 'Valor'], ['Sem valor', '  '], ['Com valor', '0']];
    expect(checkRows(rows, guessMapping(rows, true), true).map((c) => [c.problems, c.row?.valorContrato])).toEqual([
      [[required], undefined],
      [[], 0],
    ]);
    const noColumn = [['Nome'], ['Só nome']];
    expect(checkRows(noColumn, guessMapping(noColumn, true), true)[0]!.problems).toEqual([required]);
    // The name still comes first.
    expect(checkRows([['', '', 'algo']], ['nome', 'valorContrato', null], false)[0]!.problems).toEqual([MESSAGES.campoObrigatorio('Nome'), required]);
  });

  it('a CNPJ/CPF repeated in the file fails on its later rows with the API’s message naming the row that keeps it', () => {
    const base = '123456789';
    const cpf = `${base}${cpfCheckDigits(base)}`;
    const rows = [
      ['Nome', 'Valor', 'CPF'],
      ['Inválido', 'x', cpf],
      ['Primeiro', '1', formatDocumento(cpf)],
      ['Segundo', '2', cpf],
    ];
    const checks = checkRows(rows, guessMapping(rows, true), true);
    expect(checks.map((c) => c.problems)).toEqual([[MESSAGES.campoNumero('Valor do contrato')], [], [MESSAGES.documentoDuplicado(formatDocumento(cpf), 'Primeiro')]]);
  });
});

describe('categories', () => {
  it('a one-column list keeps a comma in a name; a ";" file is read by its first column', () => {
    const names = (text: string) => categoriaNames(parseBytes(Buffer.from(text, 'latin1'), { commaIsText: true }).rows).map((r) => r.descricao);
    expect(names('Categoria\r\nBebidas, sucos\r\nFrutas\r\n')).toEqual(['Bebidas, sucos', 'Frutas']);
    expect(names('Bebidas, sucos\r\nCarnes, aves e ovos\r\n')).toEqual(['Bebidas, sucos', 'Carnes, aves e ovos']);
    expect(names('"Quoted, yes"\n')).toEqual(['Quoted, yes']);
    expect(names('Categoria;Obs\r\nBebidas;x\r\n')).toEqual(['Bebidas']);
    // The clients' files still split on commas; a file of one column has no separator.
    expect(parseBytes(Buffer.from('a,b\n1,2\n')).delimiter).toBe(',');
    expect(parseBytes(Buffer.from('Nome\nAna, Bia\nCaio\n'))).toMatchObject({ delimiter: '', rows: [['Nome'], ['Ana, Bia'], ['Caio']] });
  });

  it('the preview counts the new categories and those that exist', () => {
    expect(CSV_TEXTS.preview.newCategoriasCount(2, 1)).toBe('2 categorias novas; 1 já existe.');
    expect(CSV_TEXTS.preview.newCategoriasCount(1, 3)).toBe('1 categoria nova; 3 já existem.');
  });
});

describe('import batches', () => {
  const row = (i: number, observacoes?: string) => ({ linha: i + 2, cliente: { nome: `Cliente ${i}`, valorContrato: 1, ...(observacoes ? { observacoes } : {}) } });

  it('are cut at 200 rows, and earlier where long multibyte notes would pass the route’s body limit', () => {
    const plain = Array.from({ length: 450 }, (_, i) => row(i));
    expect([batchEnd(plain, 0), batchEnd(plain, 200), batchEnd(plain, 400)]).toEqual([200, 400, 450]);
    // 2,000 characters of 3 UTF-8 bytes each, with quotes to escape: ~6 KB a row, 200 of them ~1.2 MB.
    const heavy = Array.from({ length: 200 }, (_, i) => row(i, '€“”'.repeat(666) + '"\n'));
    expect(JSON.stringify({ linhas: heavy }).length).toBeLessThan(LIMITS.importacao.bodyBytes);
    expect(Buffer.byteLength(JSON.stringify({ linhas: heavy }))).toBeGreaterThan(LIMITS.importacao.bodyBytes);
    const batches: number[] = [];
    for (let start = 0; start < heavy.length; start = batchEnd(heavy, start)) batches.push(batchEnd(heavy, start) - start);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(200);
    expect(batches.length).toBeGreaterThan(1);
    let start = 0;
    for (const count of batches) {
      const body = JSON.stringify({ linhas: heavy.slice(start, start + count), fim: true });
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMITS.importacao.bodyBytes);
      start += count;
    }
    expect(rowBytes({ a: 'é' })).toBe(Buffer.byteLength('{"a":"é"}') + 1);
  });
});
