/**
 * Starts cognito-local as its own start script does (cognito-local 5.3.0, lib/bin/start.js), with
 * one change: its log lines are written synchronously, in the form its pino-pretty printer gives
 * them. Through pino-pretty's stream pipeline the last lines may wait for more output (measured:
 * of four invitations sent a second apart, the fourth came out only with the next log line, also
 * with pino-pretty's `sync`), and the messages it "sends" are read from that output (user-pool.ts's
 * outbox): a message must be out as soon as the call that sent it answers.
 */
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';

// Its own dependencies, as it resolves them.
const require = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
const { createDefaultServer } = require('./lib/server');
const pino = require('pino');

/** pino-pretty's one-line form, written at once: `[time] LEVEL: reqId target message` (+ err). */
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const destination = {
  write(line) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      process.stdout.write(line);
      return;
    }
    const { time, level, msg, reqId, target, err } = entry;
    const text = `[${time}] ${LEVELS[level] ?? level}: ${reqId ?? 'NONE'} ${target ?? 'NONE'} ${msg ?? ''}`;
    const error = err ? `\n    ${err.type ?? 'Error'}: ${err.message ?? ''}${err.code ? ` (${err.code})` : ''}` : '';
    // Synchronous: the line is out before the call that logged it answers.
    writeSync(1, `${text}${error}\n`);
  },
};

const logger = pino({ level: process.env.DEBUG ? 'debug' : 'info' }, destination);

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address();
    if (!address) throw new Error('Server started without address');
    const url = typeof address === 'string' ? address : `${address.address}:${address.port}`;
    logger.info(`Cognito Local running on http://${url}`);
  })
  .catch((err) => {
    logger.error(err);
    process.exit(1);
  });
