// A plain Node process standing in for the Lambda runtime in the bundle test: it imports the
// bundled index.mjs files with Node's own loader (no vitest transform) and calls their
// `handler` with the events the test sends over IPC. Environment (TABLE_NAME, ...) comes from
// the parent, as Lambda's does from the function configuration.
import { pathToFileURL } from 'node:url';

const modules = new Map();

process.on('message', async (message) => {
  const { id, type } = message;
  try {
    if (type === 'load') {
      modules.set(message.name, await import(pathToFileURL(message.file).href));
      process.send({ id, ok: true });
    } else if (type === 'invoke') {
      const result = await modules.get(message.name).handler(message.event);
      process.send({ id, ok: true, result });
    } else {
      throw new Error(`unknown message type ${type}`);
    }
  } catch (err) {
    process.send({ id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
