import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS } from '../db/seed';
import { captureLogs } from '../testing/log-capture';

const staticDir = fakeClientBuild();
after(() => rmSync(staticDir, { recursive: true, force: true }));

test('a view page whose first view cannot be written is the plain page, not an error, and the failure is logged', async () => {
  mkdirSync(join(staticDir, 'first-view'), { recursive: true });
  writeFileSync(
    join(staticDir, 'first-view', 'render.js'),
    "exports.firstViewPage = () => 'page-view';\nexports.renderFirstView = async () => { throw new TypeError('Invalid URL'); };\n",
  );
  const logs = captureLogs();
  const { app, close } = await createTestApp({}, { staticDir, logger: logs.logger });
  try {
    const res = await app.inject({ method: 'GET', url: `/view/${DEMO_DOCUMENT_OIDS.quarterlyReview}` });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<div id="?app"?><\/div>/);
    assert.ok(logs.lines().some((line) => line.msg === 'first view not written'), 'the failure is logged');
  } finally {
    await close();
  }
});
