/**
 * The one renewal text the home's portfolio shows (CONTATO_TEXTS.renovacoes takes it from here):
 * kept apart so the home does not load the form's and the renewals page's texts.
 */
export const RENOVACOES_CAPPED = (n: number): string => `Mostrando os primeiros ${n.toLocaleString('pt-BR')} contratos; há mais neste período.`;
