import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_DOCUMENT_OIDS } from '../../server/src/db/seed';
import { FIRST_VIEW_SCRIPT_ID } from '@deck/shared/first-view/first-view-contract';
import type { Session } from './server';
import { BENCH_METRICS_TOKEN } from './production-mode';
import { compiledBenchScript } from './compiled-script';
import type { VisitorsRequest, VisitorsResult } from './page-visitors';

/**
 * A deck that goes viral (docs/scaling.md): one public presentation whose page anonymous visitors load (`GET
 * /view/<oid>`: its status and its first view, written from the API's answers in the server), while signed-in
 * viewers like and unlike it on LIKERS connections and its owner changes its sharing (invites people, changes
 * their level, renames a view link). Its figures sit beside the bare route of the same run; the end state is
 * checked against the model: each liker's last acknowledged wish.
 */

/** Frank's Pitch: an open presentation no other scenario of the bench writes to. */
export const VIRAL = DEMO_DOCUMENT_OIDS.franksPitch;
export const VIRAL_OWNER = 'frank';
export const LIKERS = 50;
/** Anonymous visitors loading the page at once, each one load after another. */
export const VISITORS = 50;

export interface ViralFigures {
  seconds: number;
  /** Anonymous loads of the view page: throughput, latency of the whole first HTML, failures. */
  views: { rps: number; requests: number; p50: number; p99: number; errors: number; firstView: boolean };
  /** The page for one visitor alone, before the rest starts: what writing it costs without a queue. */
  alone: { p50: number; p99: number };
  /** Acknowledged likes and unlikes per second over LIKERS connections, each liker waiting for its answer. */
  likes: { rps: number; requests: number; errors: number };
  /** The owner's sharing changes during the run. */
  sharing: { changes: number; errors: number };
  /** Reads of a session or permission context that went to the database, per view (every miss of the run counted: an upper bound). */
  missesPerView: number;
  /** The count the API answers afterwards equals the model (each liker's last acknowledged wish), and each liker's has_liked too. */
  exact: boolean;
  detail: string;
  /** The statuses other than 200 the views, the likes and the sharing changes got, by status (none on a healthy run). */
  refusals: string;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** What a browser sends for a page: it asks for HTML and takes it compressed. */
const BROWSER_PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Answer {
  status: number;
  body: string;
}

function send(agent: http.Agent, base: URL, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const authHeaders = (session: Session | null): Record<string, string> => (session ? { cookie: session.cookie, 'x-csrftoken': session.csrf } : {});

/** The read cache's misses so far (`deck_read_cache_reads{result="miss"}` of /metrics). */
async function cacheMisses(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
  const match = /^deck_read_cache_reads\{result="miss"\} (\d+)/m.exec(text);
  if (!match) throw new Error('the server exposes no read cache figures at /metrics');
  return Number(match[1]);
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

/**
 * Anonymous visitors, each loading the page again as soon as it has it: in a process of their own, on a client as
 * light as autocannon (page-visitors.ts; autocannon itself takes the 103 Early Hints that precede a page being
 * written for the answer), started before the scenario. The latency is the page's, to its last byte (the 103 comes
 * before the page is written, so it would flatter the figure); each asks as a browser does (BROWSER_PAGE_HEADERS),
 * so the page comes compressed.
 */
async function visitorsProcess(base: URL, path: string) {
  const child = fork(compiledBenchScript(join(__dirname, 'page-visitors.ts')), [], { env: { ...process.env, BENCH_PAGE_VISITORS: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await once(child, 'message');
  return {
    /** `count` visitors for `durationMs`: the latencies of the pages answered, sorted, and the other answers by status. */
    async visit(durationMs: number, count = VISITORS) {
      const request: VisitorsRequest = { host: base.hostname, port: Number(base.port), path, headers: BROWSER_PAGE_HEADERS, count, durationMs };
      child.send(request);
      const [result] = (await once(child, 'message')) as [VisitorsResult];
      return { latencies: result.latencies.sort((a, b) => a - b), statuses: new Map(result.statuses) };
    },
    close: () => child.kill(),
  };
}

/**
 * Each liker likes or unlikes (at random) one request after another until the end; the model keeps its last
 * acknowledged wish, and which likers sent a request after it that was not acknowledged (a 503 may or may not have
 * been applied: docs/deploying.md), whose state may then be either.
 */
async function likers(base: URL, sessions: Session[], until: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sessions.length });
  const path = `/api/v4/presentation/${VIRAL}/like/`;
  const model = new Map<number, boolean>();
  const uncertain = new Set<number>();
  let requests = 0;
  let errors = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    sessions.map(async (session, index) => {
      while (performance.now() < until) {
        const like = Math.random() < 0.5;
        const answer = await send(agent, base, like ? 'PUT' : 'DELETE', path, authHeaders(session)).catch(() => ({ status: 0, body: '' }));
        if (answer.status === 200) {
          requests += 1;
          model.set(index, like);
          uncertain.delete(index);
        } else {
          errors += 1;
          uncertain.add(index);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }
    }),
  );
  agent.destroy();
  return { model, uncertain, requests, errors, statuses };
}

/** The owner, one change after another: invites a new person, moves them to editor, renames the document's view link. */
async function owner(base: URL, session: Session, linkId: string, until: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let changes = 0;
  let errors = 0;
  const statuses = new Map<number, number>();
  const record = (answer: Answer) => {
    if (answer.status === 200) changes += 1;
    else {
      errors += 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  };
  for (let n = 0; performance.now() < until; n += 1) {
    const email = `viral${n}@example.com`;
    const share = `/api/v1/share/${VIRAL}/permissions/`;
    record(await send(agent, base, 'PUT', share, authHeaders(session), { email, permission: 'viewer' }));
    record(await send(agent, base, 'PUT', share, authHeaders(session), { email, permission: 'editor' }));
    record(await send(agent, base, 'PUT', `/api/v1/prezilink/${linkId}/`, authHeaders(session), { name: `Viral ${n}` }));
  }
  agent.destroy();
  return { changes, errors, statuses };
}

export interface ViralRun {
  base: string;
  owner: Session;
  likers: Session[];
  seconds: number;
}

export async function viralDeck(run: ViralRun): Promise<ViralFigures> {
  const base = new URL(run.base);
  const api = (path: string, init: RequestInit = {}, session: Session | null = run.owner) =>
    fetch(`${run.base}${path}`, { ...init, headers: { ...authHeaders(session), ...(init.body ? { 'content-type': 'application/json' } : {}) } });
  // The owner's view link of the document (the demo's, else a new one), renamed during the run.
  const links = (await (await api(`/api/v1/prezilink/?presentation_oid=${VIRAL}`)).json()) as Array<{ link_id: string }>;
  let linkId = links[0]?.link_id;
  if (!linkId) {
    const created = await api('/api/v1/prezilink/', { method: 'POST', body: JSON.stringify({ presentation_oid: VIRAL, name: 'Viral', visible_on_analytics: false, viewer_identification: false }) });
    if (!created.ok) throw new Error(`the owner could not make a view link: ${created.status} ${await created.text()}`);
    linkId = ((await created.json()) as { link_id: string }).link_id;
  }
  const before = ((await (await api(`/api/v4/presentation/${VIRAL}/`, {}, null)).json()) as { likes_count: number }).likes_count;

  // Warm: the page and its reads in memory, the likers' sessions and the contexts their likes read too (an unlike
  // of a deck they do not like changes nothing).
  const page = await fetch(`${run.base}/view/${VIRAL}`);
  const firstView = page.status === 200 && (await page.text()).includes(`id="${FIRST_VIEW_SCRIPT_ID}"`);
  const viewPath = `/view/${VIRAL}`;
  const pageVisitors = await visitorsProcess(base, viewPath);
  /** The page for one visitor alone, then everyone at once for run.seconds: what each did, and the read cache's misses meanwhile. */
  const measured = async () => {
    const alone = await pageVisitors.visit(2000, 1);
    for (const session of run.likers) await api(`/api/v4/presentation/${VIRAL}/like/`, { method: 'DELETE' }, session);
    const missesBefore = await cacheMisses(run.base);
    const started = performance.now();
    const until = started + run.seconds * 1000;
    const [views, liked, shared] = await Promise.all([pageVisitors.visit(run.seconds * 1000), likers(base, run.likers, until), owner(base, run.owner, linkId, until)]);
    const elapsed = (performance.now() - started) / 1000;
    return { alone, views, liked, shared, elapsed, misses: (await cacheMisses(run.base)) - missesBefore };
  };
  const { alone, views, liked, shared, elapsed, misses } = await measured().finally(pageVisitors.close);

  // The end state, through the API: the count as an anonymous visitor reads it (past the counters' age in memory), and each liker's own.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const after = ((await (await api(`/api/v4/presentation/${VIRAL}/`, {}, null)).json()) as { likes_count: number }).likes_count;
  // Each liker's own state must be its last acknowledged wish (a liker never answered started not liking: the likers
  // are new users), or either for one whose later request went unanswered; and the count must move by exactly the
  // likers who like it now: none lost, none counted twice.
  const mine = await Promise.all(run.likers.map(async (session) => ((await (await api(`/api/v4/presentation/${VIRAL}/`, {}, session)).json()) as { has_liked: boolean }).has_liked));
  const wrongLikers = mine.filter((hasLiked, index) => !liked.uncertain.has(index) && hasLiked !== (liked.model.get(index) ?? false)).length;
  const expected = before + mine.filter(Boolean).length;
  const viewErrors = [...views.statuses.values()].reduce((a, b) => a + b, 0);
  const statusText = (counts: Array<[number, number]>) => counts.map(([status, n]) => `${status || 'no answer'} × ${n}`).join(', ') || 'none';
  const viewCount = views.latencies.length;
  return {
    seconds: run.seconds,
    alone: { p50: round(percentile(alone.latencies, 50)), p99: round(percentile(alone.latencies, 99)) },
    views: { rps: Math.round(viewCount / elapsed), requests: viewCount, p50: round(percentile(views.latencies, 50)), p99: round(percentile(views.latencies, 99)), errors: viewErrors, firstView },
    likes: { rps: Math.round(liked.requests / elapsed), requests: liked.requests, errors: liked.errors },
    sharing: { changes: shared.changes, errors: shared.errors },
    missesPerView: viewCount ? Math.round((misses / viewCount) * 1000) / 1000 : 0,
    exact: after === expected && wrongLikers === 0,
    refusals: `views: ${statusText([...views.statuses])}; likes: ${statusText([...liked.statuses])}; sharing: ${statusText([...shared.statuses])}`,
    detail: `count ${after}, model ${expected} (${after - expected >= 0 ? '+' : ''}${after - expected}); ${wrongLikers} of ${run.likers.length} likers' has_liked not as the model says (${liked.uncertain.size} unsettled by an unanswered request)`,
  };
}
