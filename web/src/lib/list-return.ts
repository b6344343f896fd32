/**
 * Where a form goes back to: the list as the user left it. A list whose view lives in the URL
 * query (the client list's filter, sort and chips) says so here as it shows it; Editar, Deletar
 * and their Cancelar/Não then return to that view instead of the bare list. Kept for the tab's
 * life (a reload starts from the bare list).
 */
const views = new Map<string, string>();

/** The list at `listPath` now shows `search` (`ordem=nome&vip=1`, or '' for the whole list). */
export function rememberListView(listPath: string, search: string): void {
  views.set(listPath, search);
}

/** Forgets every list's view (a new session of the app; each test starts from the bare lists). */
export function forgetListViews(): void {
  views.clear();
}

/** `listPath` with the view it last showed. */
export function listReturnPath(listPath: string): string {
  const search = views.get(listPath);
  return search ? `${listPath}?${search}` : listPath;
}
