/** Money and the VIP mark, as every page with clients shows them (dates: format-date.ts; sort keys: sort-key.ts). */
import { VIP_THRESHOLD } from '../config.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 15000 → "R$ 15.000,00" (with the no-break space Intl puts after "R$"). */
export const formatMoney = (value: number): string => brl.format(value);

/** VIP when the contract is above the threshold: 10000 is standard, 10000.01 is VIP. */
export const isVip = (valorContrato: number): boolean => valorContrato > VIP_THRESHOLD;
