// The contract as the web sees it: zod-free (the web must not bundle zod). The request schemas
// are server-side only: import them from './schemas.ts'.
export * from './auth.ts';
export * from './cliente.ts';
export * from './datas.ts';
export * from './documento.ts';
export * from './email.ts';
export * from './formatos.ts';
export * from './fields.ts';
export * from './lembretes.ts';
export * from './limits.ts';
export * from './list-order.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './tarefa.ts';
export * from './telefone.ts';
export * from './text.ts';
export * from './totp.ts';
export type * from './types.ts';
