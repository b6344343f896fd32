/**
 * The handlers loaded in the test's own module graph (vitest's), so what a test sets on a module
 * (the store's client middleware, its write hooks) is what the handlers use. Pass as
 * `loadHandler` to startTestApi.
 */
import type { HandlerExport } from '../../infra/local/adapter.ts';

const modules = import.meta.glob<{ handler: HandlerExport }>('../../lambdas/handlers/**/*.ts');

/** `categorias/list` → the `handler` of lambdas/handlers/categorias/list.ts. */
export async function loadHandlerInTestGraph(name: string): Promise<HandlerExport> {
  const load = modules[`../../lambdas/handlers/${name}.ts`];
  if (!load) throw new Error(`No handler ${name}`);
  return (await load()).handler;
}
