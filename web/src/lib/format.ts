/** Money and the VIP mark, as every page with clients shows them (dates: format-date.ts; sort keys: sort-key.ts). */
import { isVipValue } from '@contract';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 15000 → "R$ 15.000,00" (with the no-break space Intl puts after "R$"). */
export const formatMoney = (value: number): string => brl.format(value);

/** VIP when the contract is above the threshold: 10000 is standard, 10000.01 is VIP (the contract's rule, one definition). */
export const isVip = isVipValue;
