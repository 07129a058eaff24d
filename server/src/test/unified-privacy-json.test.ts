import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadDocumentContext, serializeUnifiedPrivacy, unifiedPrivacyJson } from '../services/documents';
import { loadUser } from '../services/users';
import { closeTestDatabases, createTestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS, DEMO_USER_OIDS } from '../db/seed';

after(closeTestDatabases);

test('the unified privacy answer made from the remembered permission text is the same bytes as serialising it whole', async () => {
  const t = await createTestApp();
  try {
    const users = await t.db.selectFrom('users').select('id').where('oid', 'in', Object.values(DEMO_USER_OIDS)).execute();
    const viewers = [null, ...(await Promise.all(users.map((row) => loadUser(t.db, row.id))))];
    let compared = 0;
    for (const user of viewers) {
      for (const oid of Object.values(DEMO_DOCUMENT_OIDS)) {
        const ctx = await loadDocumentContext(t.db, oid, user ?? null);
        if (!ctx) continue;
        for (const includePermissions of [true, false]) {
          // Twice: the second answer comes from the remembered text.
          for (let i = 0; i < 2; i++) {
            assert.equal(unifiedPrivacyJson(ctx, 'https://deck.example', includePermissions), JSON.stringify(serializeUnifiedPrivacy(ctx, 'https://deck.example', includePermissions)));
            compared++;
          }
        }
      }
    }
    assert.ok(compared >= 60, `only ${compared} answers compared`);
  } finally {
    await t.close();
  }
});
