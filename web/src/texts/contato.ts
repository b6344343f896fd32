/**
 * The UI texts of the client form's "Contato e contrato" section and of "Contratos a renovar"
 * in Brazilian Portuguese. They live beside app.ts (which holds what the client
 * card and the navbar say) because only the forms' and the view's lazy chunks load them: in
 * app.ts they would weigh on the initial JavaScript of every page.
 */
import { CAMPOS } from './campos.ts';
import { RENOVACOES_CAPPED } from './renovacoes.ts';

export const CONTATO_TEXTS = {
  section: 'Contato e contrato',
  /** The labels of the fields, by wire name. */
  labels: {
    email: CAMPOS.email,
    telefone: CAMPOS.telefone,
    documento: CAMPOS.documento,
    observacoes: CAMPOS.observacoes,
    inicioContrato: CAMPOS.inicioContrato,
    fimContrato: CAMPOS.fimContrato,
  },
  telefoneHelp: 'Com DDD, como (11) 98765-4321.',
  documentoHelp: 'Com ou sem pontuação; aceita o CNPJ com letras.',
  dataHelp: 'dd/mm/aaaa',
  renovacoes: {
    title: 'Contratos a renovar',
    heading: 'Contratos a renovar',
    subheading: 'Clientes cujo contrato termina em breve, do mais próximo ao mais distante.',
    windowLabel: 'Contratos que terminam nos próximos',
    window: (dias: number) => `${dias} dias`,
    count: (n: number, dias: number) =>
      n === 0 ? `Nenhum contrato termina nos próximos ${dias} dias.` : `${n} ${n === 1 ? 'contrato termina' : 'contratos terminam'} nos próximos ${dias} dias.`,
    /** Contracts that ended in the last RENEWAL_OVERDUE_DAYS days, listed first. */
    overdue: (n: number, dias: number) => `${n} ${n === 1 ? 'contrato vencido' : 'contratos vencidos'} nos últimos ${dias} dias, no início da lista.`,
    /** A card's badge on this page once the contract ended. */
    vencidoHa: (dias: number) => (dias === 1 ? 'Vencido há 1 dia' : `Vencido há ${dias} dias`),
    emptyHint: 'Preencha o fim do contrato dos clientes para acompanhá-los aqui.',
    listError: 'Não foi possível carregar os clientes.',
    /** A large portfolio's period, read up to a bound. */
    capped: RENOVACOES_CAPPED,
  },
} as const;
