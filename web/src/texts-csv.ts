/**
 * The UI texts of the CSV import pages, in Brazilian Portuguese. Beside texts.ts (which
 * holds only the lists' 'Exportar' and 'Importar') because only the import pages' lazy chunk loads them.
 */
import type { Importacao } from '@contract';
import type { Encoding } from './lib/csv/decode.ts';

const n = (count: number) => count.toLocaleString('pt-BR');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

export const C = {
  titles: { clientes: 'Importar clientes', categorias: 'Importar categorias' },
  headingClientes: 'Importar clientes',
  headingCategorias: 'Importar categorias',
  intro: 'Traga sua planilha: arquivos CSV do Excel, do Google Planilhas ou do LibreOffice.',
  introCategorias: 'Uma categoria por linha, na primeira coluna (um cabeçalho “Categoria” é opcional).',
  back: 'Voltar para a lista',
  choose: {
    label: 'Arquivo CSV',
    drop: 'Escolha um arquivo ou solte-o aqui',
    limit: (mb: number) => `Até ${mb} MB. Separador ponto e vírgula, vírgula ou tabulação; UTF-8 ou Windows-1252.`,
    tooBig: (mb: number) => `O arquivo tem mais de ${mb} MB, o limite da importação. Divida-o em partes menores.`,
    tooMany: (max: number) => `O arquivo tem mais de ${n(max)} linhas, o limite de uma importação. Divida-o em partes menores.`,
    reading: 'Lendo o arquivo...',
    readFailed: 'Não foi possível ler o arquivo. Confira se é um CSV.',
    empty: 'O arquivo não tem linhas de dados.',
  },
  read: {
    summary: (name: string, rows: number, encoding: Encoding, delimiter: string) =>
      `${name}: ${plural(rows, 'linha', 'linhas')} · ${ENCODINGS[encoding]} · ${delimiter ? `separador ${DELIMITERS[delimiter] ?? delimiter}` : 'uma coluna'}`,
    other: 'Escolher outro arquivo',
  },
  columns: {
    heading: 'Colunas',
    text: 'Confira a que campo cada coluna do arquivo corresponde.',
    header: 'A primeira linha é o cabeçalho',
    fileColumn: 'Coluna do arquivo',
    sample: 'Exemplo',
    field: 'Campo',
    none: 'Não importar',
    columnLabel: (name: string) => `Campo da coluna ${name}`,
    unnamed: (i: number) => `Coluna ${i + 1}`,
    noNome: 'Escolha a coluna do campo Nome para continuar.',
  },
  preview: {
    heading: 'Prévia',
    first: (shown: number) => `As primeiras ${n(shown)} linhas como serão salvas:`,
    linha: 'Linha',
    /** What the import will do, one count each (shown side by side, `countSeparator` between). */
    countParts: (create: number, invalid: number, skipped: number): string[] => [
      plural(create, 'cliente será criado', 'clientes serão criados'),
      plural(invalid, 'linha inválida', 'linhas inválidas'),
      plural(skipped, 'será pulado', 'serão pulados'),
    ],
    countSeparator: ' · ',
    scrollLabel: 'Prévia das linhas (role para os lados para ver todas as colunas)',
    invalidHeading: (count: number) => `Linhas inválidas (${n(count)}): não serão importadas`,
    more: (count: number) => `… e mais ${plural(count, 'linha', 'linhas')}.`,
    newCategorias: (count: number) => `Categorias que ainda não existem (${n(count)}):`,
    createCategorias: 'Criar essas categorias',
    noCategoria: 'Importar esses clientes sem categoria',
    duplicates: (count: number) => `${plural(count, 'cliente tem', 'clientes têm')} nome já cadastrado (ou repetido no arquivo).`,
    skipDuplicates: 'Pular esses clientes',
    importDuplicates: 'Importar mesmo assim',
    submit: (count: number) => `Importar ${plural(count, 'cliente', 'clientes')}`,
    submitCategorias: (count: number) => `Importar ${plural(count, 'categoria', 'categorias')}`,
    newCategoriasCount: (novas: number, existing: number) => `${plural(novas, 'categoria nova', 'categorias novas')}; ${plural(existing, 'já existe', 'já existem')}.`,
  },
  progress: {
    heading: 'Importando',
    label: 'Progresso da importação',
    status: (done: number, total: number) => `${n(done)} de ${n(total)} linhas`,
    cancel: 'Cancelar',
    cancelling: 'Cancelando após o lote atual...',
    categorias: 'Criando as categorias novas...',
    failed: 'A importação parou: não foi possível falar com o servidor.',
  },
  summary: {
    heading: 'Resumo da importação',
    cancelled: 'Importação cancelada.',
    done: 'Importação concluída.',
    created: (count: number) => `${plural(count, 'cliente criado', 'clientes criados')}`,
    createdCategorias: (count: number) => `${plural(count, 'categoria criada', 'categorias criadas')}`,
    skipped: (count: number) => `${plural(count, 'linha pulada', 'linhas puladas')} (nome já cadastrado)`,
    already: (count: number) => `${plural(count, 'linha já importada antes', 'linhas já importadas antes')}`,
    failed: (count: number) => `${plural(count, 'linha com falha', 'linhas com falha')}`,
    failedHeading: 'Linhas com falha',
    download: 'Baixar as linhas com falha (CSV)',
    resume: 'Continuar a importação',
    undo: 'Desfazer importação',
    undoing: 'Desfazendo a importação...',
    undoLabel: 'Progresso de desfazer a importação',
    undone: (count: number) => `Importação desfeita: ${plural(count, 'registro deletado', 'registros deletados')} (na Lixeira).`,
    undoFailed: 'Não foi possível desfazer a importação. Tente de novo.',
    /** The summary's status line once the import was undone (it no longer says it was concluded). */
    undoneStatus: 'Importação desfeita.',
    restore: 'Restaurar importação',
    restoreLabel: 'Progresso de restaurar a importação',
    restoring: (done: number, total: number) => `Restaurando a importação: ${n(done)} de ${plural(total, 'registro', 'registros')}...`,
    restored: (count: number) => `Importação restaurada: ${plural(count, 'registro restaurado', 'registros restaurados')}.`,
    restoreFailures: 'Registros que não puderam ser restaurados',
    restoreFailed: 'Não foi possível restaurar a importação. Tente de novo.',
    toList: 'Ver clientes',
    toCategorias: 'Ver categorias',
  },
  /** The imports made so far (the author's; an administrator's: everyone's), to continue or undo one later. */
  jobs: {
    heading: 'Importações',
    intro: 'As importações feitas até agora: continue uma que parou no meio, ou desfaça uma dentro do prazo.',
    listLabel: 'Importações feitas',
    empty: 'Nenhuma importação feita ainda.',
    loadFailed: 'Não foi possível carregar as importações.',
    retry: 'Tentar de novo',
    more: 'Mostrar mais',
    label: (arquivo: string, quando: string) => `Importação de ${arquivo || 'arquivo sem nome'} em ${quando}`,
    title: (arquivo: string) => arquivo || 'Arquivo sem nome',
    meta: (autor: string, quando: string) => `Por ${autor} em ${quando}`,
    estado: { importando: 'Incompleta', concluida: 'Concluída', desfazendo: 'Sendo desfeita', desfeita: 'Desfeita' } as Record<Importacao['estado'], string>,
    counts: (criados: number, total: number, categorias: number) =>
      `${n(criados)} de ${plural(total, 'cliente criado', 'clientes criados')}${categorias > 0 ? ` · ${plural(categorias, 'categoria criada', 'categorias criadas')}` : ''}`,
    undoUntil: (quando: string) => `Pode ser desfeita até ${quando}.`,
    undoExpired: 'O prazo para desfazê-la terminou.',
    resume: 'Continuar',
    resumeLabel: (arquivo: string) => `Continuar a importação de ${arquivo || 'arquivo sem nome'}`,
    undoLabel: (arquivo: string) => `Desfazer a importação de ${arquivo || 'arquivo sem nome'}`,
    undoQuestion: (criados: number, categorias: number) =>
      `Desfazer esta importação? ${plural(criados, 'cliente criado por ela vai', 'clientes criados por ela vão')} para a Lixeira${categorias > 0 ? `, e ${plural(categorias, 'categoria', 'categorias')} também` : ''}.`,
    restore: 'Restaurar',
    restoreLabel: (arquivo: string) => `Restaurar a importação de ${arquivo || 'arquivo sem nome'}`,
    undoConfirm: 'Desfazer',
    undoCancel: 'Manter',
  },
  /** Continuing an import that stopped (the page was closed, the connection fell): the same file again. */
  resume: {
    choose: (arquivo: string) => `Para continuar a importação, escolha de novo o arquivo “${arquivo}”. As linhas já importadas serão puladas.`,
    wrongFile: (arquivo: string) => `Este não é o arquivo desta importação. Escolha “${arquivo}”.`,
    loadFailed: 'Não foi possível ler a importação para continuá-la. Tente de novo.',
    status: (arquivo: string, count: number) => `Continuando a importação de “${arquivo}”: ${plural(count, 'linha já importada será pulada', 'linhas já importadas serão puladas')}.`,
    abandon: 'Fazer uma nova importação',
    submit: (count: number) => `Continuar: importar ${plural(count, 'cliente', 'clientes')}`,
  },
} as const;

const ENCODINGS: Record<Encoding, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'windows-1252': 'Windows-1252' };
const DELIMITERS: Record<string, string> = { ';': 'ponto e vírgula', ',': 'vírgula', '\t': 'tabulação' };
