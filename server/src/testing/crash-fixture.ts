import { createLogger } from '../ops/logger';
import { exitOnCrash } from '../ops/startup-errors';

/** A process that crashes the way the server would, with its crash handling (server-process.test.ts runs it). */
exitOnCrash(createLogger({ level: 'info' }));
setTimeout(() => {
  throw new Error('boom');
}, 10);
