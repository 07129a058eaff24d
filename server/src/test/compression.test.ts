import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { precompressDirectory } from '../../../scripts/precompress';
import { API_COMPRESSION } from '../http/compression';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;

describe('API responses: compressed above the threshold, at a fast level', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  const raw = async (url: string, acceptEncoding: string) => {
    const alice = await clientAs(t.app, 'alice');
    const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': acceptEncoding } });
  };

  test('a large JSON response is brotli at quality 4, byte for byte', async () => {
    const plain = await raw(`/api/v4/presentation/${QR}/unified-privacy/`, 'identity');
    assert.ok(plain.rawPayload.length > API_COMPRESSION.threshold, `${plain.rawPayload.length} bytes`);
    assert.equal(plain.headers['content-encoding'], undefined);
    const res = await raw(`/api/v4/presentation/${QR}/unified-privacy/`, 'gzip, deflate, br');
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.deepEqual(brotliDecompressSync(res.rawPayload), plain.rawPayload);
    const atFour = brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    assert.deepEqual(res.rawPayload, atFour, 'compressed at quality 4');
    const atEleven = brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    assert.notDeepEqual(atFour, atEleven, 'the comparison can tell the levels apart');
  });

  test('gzip when brotli is not accepted, at level 6', async () => {
    const plain = await raw(`/api/v4/presentation/${QR}/unified-privacy/`, 'identity');
    const res = await raw(`/api/v4/presentation/${QR}/unified-privacy/`, 'gzip');
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(res.rawPayload), plain.rawPayload);
    assert.equal(res.rawPayload.length, gzipSync(plain.rawPayload, { level: 6 }).length);
  });

  test('a response under the threshold is sent as it is', async () => {
    const res = await raw('/api/v1/session/', 'br, gzip');
    assert.ok(res.rawPayload.length < API_COMPRESSION.threshold);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.ok(JSON.parse(res.body).user);
  });
});

describe('static files: compressed at build time, served as they are', () => {
  let t: TestApp;
  let dir: string;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  const tiny = 'x';

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'deck-static-'));
    mkdirSync(path.join(dir, 'shell'));
    mkdirSync(path.join(dir, 'remotes', 'like-button'), { recursive: true });
    writeFileSync(path.join(dir, 'shell', 'main.0123abcd.js'), script);
    writeFileSync(path.join(dir, 'shell', 'tiny.txt'), tiny);
    writeFileSync(path.join(dir, 'remotes', 'like-button', 'remoteEntry.js'), script);
    const result = await precompressDirectory(dir);
    assert.equal(result.files, 3);
    t = await createTestApp({}, { staticDir: dir });
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the build writes .br and .gz only where they are smaller', () => {
    const main = path.join(dir, 'shell', 'main.0123abcd.js');
    assert.deepEqual(brotliDecompressSync(readFileSync(`${main}.br`)).toString(), script);
    assert.deepEqual(gunzipSync(readFileSync(`${main}.gz`)).toString(), script);
    assert.equal(existsSync(path.join(dir, 'shell', 'tiny.txt.br')), false);
  });

  for (const url of ['/assets/main.0123abcd.js', '/remotes/like-button/remoteEntry.js']) {
    test(`${url}: the precompressed file for each Accept-Encoding, with Vary`, async () => {
      const file = path.join(dir, url.startsWith('/assets/') ? 'shell' : 'remotes', url.replace(/^\/(assets|remotes)\//, ''));
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      assert.equal(br.statusCode, 200);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(String(br.headers.vary), /accept-encoding/i);
      assert.match(String(br.headers['content-type']), /javascript/);
      assert.deepEqual(br.rawPayload, readFileSync(`${file}.br`));

      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.deepEqual(gz.rawPayload, readFileSync(`${file}.gz`));

      const none = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      assert.equal(none.headers['content-encoding'], undefined);
      assert.equal(none.body, script);
    });
  }
});
