import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Database } from '../../server/src/db/database';
import { ReadCache, attachReadCache, detachReadCache } from '../../server/src/db/read-cache';
import { loadDocumentContext } from '../../server/src/services/documents';
import type { CurrentUserRecord } from '../../server/src/services/users';
import { DEMO_DOCUMENT_OIDS } from '../../server/src/db/seed';
import type { Session } from './server';

/**
 * The read cache's figures for `npm run bench -- --server` (docs/decisions.md, *How a request reads the
 * database*): how soon a second instance refuses what the first revoked, and what 100,000 kept permission
 * contexts cost in memory.
 */

export interface RevocationFigures {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

const PRIVATE = DEMO_DOCUMENT_OIDS.privateStrategy;
const REVOCATIONS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value: number) => Math.round(value * 10) / 10;

function headers(session: Session, json = false): Record<string, string> {
  return { cookie: session.cookie, 'x-csrftoken': session.csrf, ...(json ? { 'content-type': 'application/json' } : {}) };
}

/**
 * Instance A removes dave from a closed document while dave reads it on instance B (warmed: B answers from
 * memory): the time from A's acknowledgement to the start of B's first refused read, REVOCATIONS times.
 */
export async function revocationLatency(baseA: string, baseB: string, owner: Session, reader: Session): Promise<RevocationFigures> {
  const share = `${baseA}/api/v1/share/${PRIVATE}/permissions/`;
  const read = async () => (await fetch(`${baseB}/api/v4/presentation/${PRIVATE}/`, { headers: headers(reader) })).status;
  const latencies: number[] = [];
  for (let i = 0; i < REVOCATIONS; i++) {
    const granted = await fetch(share, { method: 'PUT', headers: headers(owner, true), body: JSON.stringify({ email: 'dave@example.com', permission: 'viewer' }) });
    if (!granted.ok) throw new Error(`granting dave failed: ${granted.status}`);
    // Warm B: the grant's notice arrives, then the read is answered from memory.
    const deadline = performance.now() + 5000;
    while ((await read()) !== 200) if (performance.now() > deadline) throw new Error('B never granted dave');
    if ((await read()) !== 200) throw new Error('B refused a warm read');
    const removed = await fetch(share, { method: 'DELETE', headers: headers(owner, true), body: JSON.stringify({ email: 'dave@example.com' }) });
    const acknowledged = performance.now();
    if (!removed.ok) throw new Error(`removing dave failed: ${removed.status}`);
    for (;;) {
      const started = performance.now();
      if ((await read()) !== 200) {
        latencies.push(started - acknowledged);
        break;
      }
      if (started - acknowledged > 10_000) throw new Error('B still granted dave 10 s after the removal');
    }
  }
  latencies.sort((x, y) => x - y);
  return { samples: latencies.length, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies[latencies.length - 1]) };
}

export interface CacheMemoryFigures {
  entries: number;
  /** Heap growth after a full collection, in bytes. */
  bytes: number;
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * 100,000 permission contexts kept in one instance's memory: each read for a different user of one of the demo
 * documents, exactly as a request reads it (loadDocumentContext), with the heap measured before and after.
 */
export async function cacheMemory(db: Database, contexts = 100_000): Promise<CacheMemoryFigures> {
  const cache = new ReadCache(db, { capacity: contexts });
  attachReadCache(db, cache);
  try {
    await cache.start();
    const oids = Object.values(DEMO_DOCUMENT_OIDS);
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < contexts; i = next++) {
        const user: CurrentUserRecord = {
          id: 10_000_000 + i,
          oid: `mem${i}`,
          username: `mem${i}`,
          first_name: 'Memory',
          last_name: String(i),
          email: `mem${i}@example.com`,
          email_verified: true,
          licence: null,
          team_id: null,
          is_team_admin: false,
          team: null,
        };
        await loadDocumentContext(db, oids[i % oids.length], user, { viewLinkLimit: 10 });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    collectGarbage();
    const entries = cache.stats().entries;
    const bytes = process.memoryUsage().heapUsed - before;
    return { entries, bytes };
  } finally {
    detachReadCache(db, cache);
    await cache.close();
  }
}
