import { describe, expect, it } from 'vitest';
import type { Tarefa } from '../../lambdas/contract/index.ts';
import { tarefaColumns } from '../../web/src/lib/csv/tarefas.ts';
import { BOM, toCsv } from '../../web/src/lib/csv/write.ts';

const tarefa = (over: Partial<Tarefa>): Tarefa => ({
  id: 1,
  cliente: 12,
  clienteNome: 'Padaria São João',
  tipo: 'ligacao',
  descricao: 'Ligar sobre a renovação',
  quando: '2026-11-28T02:30:00.000Z',
  responsavel: 'maria@empresa.com.br',
  concluida: false,
  versao: 1,
  ...over,
});

describe('the tarefas CSV (Excel pt-BR, like the clients)', () => {
  it('writes a header and one line per tarefa: the date and time in the company zone, the type by its label', () => {
    const csv = toCsv(tarefaColumns('America/Sao_Paulo'), [
      tarefa({}),
      tarefa({ id: 2, tipo: 'reuniao', concluida: true, duracaoMin: 45, resultado: 'Fechou; assina sexta', concluidaEm: '2026-11-27T18:05:00.000Z', concluidaPor: 'anônimo' }),
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Cliente;Código do cliente;Tipo;Descrição;Data;Hora;Duração (min);Responsável;Situação;Resultado;Concluída em;Concluída por');
    // 02:30 UTC of the 28th is 23:30 of the 27th in São Paulo.
    expect(lines[1]).toBe('Padaria São João;12;Ligação;Ligar sobre a renovação;27/11/2026;23:30;;maria@empresa.com.br;Pendente;;;');
    expect(lines[2]).toBe('Padaria São João;12;Reunião;Ligar sobre a renovação;27/11/2026;23:30;45;maria@empresa.com.br;Concluída;"Fechou; assina sexta";27/11/2026 15:05;Anônimo');
    expect(lines[3]).toBe('');
  });

  it('neutralises a text a spreadsheet would run, as the clients export does', () => {
    const csv = toCsv(tarefaColumns('America/Sao_Paulo'), [tarefa({ descricao: '=HYPERLINK("http://x")' })]);
    expect(csv).toContain(`;"'=HYPERLINK(""http://x"")";`);
  });
});
