import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger, type LogLevel } from '../ops/logger';
import type { LogLine } from './server-process';

/** The server's own logger (ops/logger.ts) writing into memory: what a test's server logged, line by line. */
export function captureLogs(level: LogLevel = 'trace'): { logger: Logger; lines(): LogLine[]; text(): string } {
  let text = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const logger = createLogger({ level, destination: destination });
  return {
    logger,
    lines: () => text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine),
    text: () => text,
  };
}
