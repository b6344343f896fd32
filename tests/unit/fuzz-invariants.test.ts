/** The store invariant checker used after every fuzz batch reports each kind of corruption. */
import { describe, expect, it } from 'vitest';
import { invariantViolations, type Snapshot } from '../contract/store-invariants.ts';

const healthy = (): Snapshot => ({
  categorias: new Map([
    [1, { id: 1, descricao: 'A', clientes: 1, vips: 0, soma: 100n, versao: 1 }],
    [2, { id: 2, descricao: 'Bé', clientes: 0, vips: 0, soma: 0n, versao: 3 }],
  ]),
  clientes: new Map([
    [1, { id: 1, nome: 'x', segmento: '', pontoFocal: '', valorContrato: 1, categoriaId: 1, versao: 1, documento: '11222333000181', telefone: '+5511987654321', fimContrato: '2026-12-31' }],
    [2, { id: 2, nome: 'y', segmento: '', pontoFocal: '', valorContrato: 2, categoriaId: null, versao: 2 }],
  ]),
  idempotency: [
    { pk: 'IDEMPOTENCIA#POST /produtos#k', responseStatus: 201, responseBody: '{"id":2}', expiresAt: Date.now() / 1000 + 3600 },
  ],
  counters: { categoria: 2, cliente: 3 },
  names: new Map([
    ['a', [1]],
    ['be', [2]],
  ]),
  namesClaimed: true,
  documentos: new Map([['11222333000181', 1]]),
  semCategoria: { clientes: 1, vips: 0, soma: 200n },
  stray: [],
  unknownAttributes: [],
  // Client 1 changed once (2 entries), client 3 created and deleted (in the trash);
  // client 2 and the categories were stored before the history (counter 0, no entries).
  historyCounters: new Map([
    ['produto#1', 2],
    ['produto#2', 0],
    ['categoria#1', 0],
    ['categoria#2', 0],
    ['produto#3', 2],
  ]),
  history: new Map([
    ['produto#1', [1, 2]],
    ['produto#3', [1, 2]],
  ]),
  historyFeed: new Map([
    ['produto#1', [100, 101]],
    ['produto#3', [102, 103]],
  ]),
  trash: new Map([['produto#3', 500]]),
  trashIndex: new Map([[500, 'produto#3']]),
  purging: new Set(),
  feedItems: 4,
  feed: new Map([
    [100, 'produto#1'],
    [101, 'produto#1'],
    [102, 'produto#3'],
    [103, 'produto#3'],
  ]),
});

describe('invariantViolations', () => {
  it('accepts a consistent table', () => {
    expect(invariantViolations(healthy())).toEqual([]);
  });

  it('checks no totals on a table where they were never counted (no Sem categoria item)', () => {
    const s = healthy();
    delete s.semCategoria;
    for (const c of s.categorias.values()) {
      delete c.vips;
      delete c.soma;
    }
    expect(invariantViolations(s)).toEqual([]);
  });

  it.each([
    ['count drift', (s: Snapshot) => void (s.categorias.get(1)!.clientes = 2), /count drift: categoria 1/],
    [
      'orphan client',
      (s: Snapshot) => {
        s.categorias.delete(1);
        s.names.delete('a');
      },
      /orphan: cliente 1/,
    ],
    [
      'id above the counter (not from the counter)',
      (s: Snapshot) => {
        s.counters.cliente = 1;
        s.idempotency[0]!.responseBody = '{"id":1}';
      },
      /cliente id 2 outside/,
    ],
    ['versao below 1', (s: Snapshot) => void (s.categorias.get(2)!.versao = 0), /categoria 2 versao 0/],
    ['claim holding an id never created', (s: Snapshot) => void (s.idempotency[0]!.responseBody = '{"id":9}'), /holds id 9/],
    ['claim with a non-201 answer', (s: Snapshot) => void (s.idempotency[0]!.responseStatus = 400), /stored status 400/],
    ['a name claim left behind', (s: Snapshot) => void s.names.set('old', [2]), /name claim "old" holds \[2\]/],
    ['a category without its name claim', (s: Snapshot) => void s.names.delete('be'), /name "be" of categories \[2\] is held by \[\]/],
    ['a VIP count that is not a recount', (s: Snapshot) => void (s.categorias.get(1)!.vips = 1), /totals drift: categoria 1 stores 1 clientes, 1 vips, soma 100/],
    ['a contract sum that is not a recount', (s: Snapshot) => void (s.categorias.get(2)!.soma = 1n), /totals drift: categoria 2 .*soma 1, has .*soma 0/],
    ['a category without totals once they exist', (s: Snapshot) => void delete s.categorias.get(2)!.vips, /totals drift: categoria 2 stores 0 clientes, -1 vips/],
    [
      'Sem categoria totals that are not a recount',
      (s: Snapshot) => void (s.clientes.get(2)!.valorContrato = 10000.01),
      /totals drift: Sem categoria stores 1 clientes, 0 vips, soma 200, has 1 clientes, 1 vips, soma 1000001/,
    ],
    ['stray item', (s: Snapshot) => void s.stray.push({ pk: 'X', sk: 1 }), /stray item/],
    // The contact fields and documento claims.
    ['a phone not stored in E.164', (s: Snapshot) => void (s.clientes.get(1)!.telefone = '(11) 98765-4321'), /stores telefone="\(11\) 98765-4321"/],
    ['a contract ending before it starts', (s: Snapshot) => void (s.clientes.get(1)!.inicioContrato = '2027-01-01'), /ends 2026-12-31 before 2027-01-01/],
    [
      'two clients with one documento',
      (s: Snapshot) => void (s.clientes.get(2)!.documento = '11222333000181'),
      /documento 11222333000181 held by clientes \[1,2\]/,
    ],
    ['a documento claim left behind', (s: Snapshot) => void s.documentos.set('52998224725', 2), /claim 52998224725 held by cliente 2, which does not have it/],
    ['a documento without its claim', (s: Snapshot) => void s.documentos.delete('11222333000181'), /of cliente 1 claimed by undefined/],
    ['unknown attribute stored', (s: Snapshot) => void s.unknownAttributes.push('PRODUTO/1.admin'), /unknown attribute stored/],
    // The history and the trash.
    [
      'a record both live and in the trash',
      (s: Snapshot) => {
        s.trash!.set('produto#1', 600);
        s.trashIndex!.set(600, 'produto#1');
      },
      /produto#1 is both live and in the trash/,
    ],
    ['a trash copy without its index entry', (s: Snapshot) => void s.trashIndex!.delete(500), /trash copy produto#3 without its index entry 500/],
    [
      'an index entry without its copy',
      (s: Snapshot) => {
        s.trash!.delete('produto#3');
        s.historyCounters!.delete('produto#3');
      },
      /trash index 500 names produto#3, which has no copy there/,
    ],
    ['history entries that are not 1..the counter (a live record)', (s: Snapshot) => void s.history!.set('produto#1', [1, 3]), /history of produto#1: counter 2, entries \[1,3\]/],
    ['a trash copy’s counter past its entries', (s: Snapshot) => void s.historyCounters!.set('produto#3', 3), /history of produto#3: counter 3, entries \[1,2\]/],
    ['a write without its history entry', (s: Snapshot) => void s.historyCounters!.set('produto#2', 1), /history of produto#2: counter 1, entries \[\]/],
    ['more feed items than history entries', (s: Snapshot) => void (s.feedItems = 5), /5 feed items for 4 history entries/],
    ['an entry whose feed item names another record', (s: Snapshot) => void s.feed!.set(101, 'produto#3'), /history of produto#1 names feed item 101, which names produto#3/],
    [
      'a history left behind by a purge',
      (s: Snapshot) => {
        s.history!.set('produto#9', [1]);
        s.historyFeed!.set('produto#9', [104]);
        s.feed!.set(104, 'produto#9');
        s.feedItems = 5;
      },
      /history of produto#9 left behind/,
    ],
    ['an idempotency record naming another record', (s: Snapshot) => void (s.idempotency[0]!.registro = 'produto#1'), /answers produto 2 but names produto#1/],
  ])('reports %s', (_name, corrupt, message) => {
    const s = healthy();
    corrupt(s);
    const violations = invariantViolations(s);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(message);
  });

  it.each([
    [
      'an entry whose feed item is missing, and a feed item no entry names',
      (s: Snapshot) => {
        s.feed!.delete(101);
        s.feed!.set(105, 'produto#1');
      },
      [/history of produto#1 names feed item 101, which does not exist/, /feed item 105 of produto#1 belongs to no history entry/],
    ],
    [
      'a trash copy being purged: its history may be half gone, but not the copy without its index entry',
      (s: Snapshot) => {
        s.purging!.add('produto#3');
        s.historyCounters!.delete('produto#3');
        s.history!.set('produto#3', [2]);
        s.historyFeed!.set('produto#3', [103]);
        s.feed!.delete(102);
        s.feedItems = 3;
        s.trashIndex!.delete(500);
      },
      [/trash copy produto#3 without its index entry 500/],
    ],
  ])('reports %s (and nothing else)', (_name, corrupt, messages) => {
    const s = healthy();
    corrupt(s);
    const violations = invariantViolations(s);
    expect(violations).toHaveLength(messages.length);
    messages.forEach((m, i) => expect(violations[i]).toMatch(m));
  });
});
