/** SWR keys of the clients: the API paths themselves. */
export const PRODUTOS_KEY = '/produtos';
export const produtoKey = (id: string | number) => `/produtos/${id}`;
