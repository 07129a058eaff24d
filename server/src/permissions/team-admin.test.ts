import { test } from 'node:test';
import assert from 'node:assert/strict';
// Registers the catalogues, as the app does, so a refusal carries its code.
import '../http/message-codes';
import { TEAM_WEBHOOK_MESSAGES } from '../messages/team-webhooks';
import { coded } from './messages';
import { adminsOwnTeam } from './team-admin';

test("a team's settings are its admins' alone: a member, an admin without a team and a teamless user are refused", () => {
  const refusal = coded(TEAM_WEBHOOK_MESSAGES, 'notAllowed');
  assert.deepEqual(adminsOwnTeam({ is_team_admin: true, team_id: 7 }, refusal), { teamId: 7 });
  for (const user of [
    { is_team_admin: false, team_id: 7 },
    { is_team_admin: true, team_id: null },
    { is_team_admin: false, team_id: null },
  ]) {
    const decision = adminsOwnTeam(user, refusal);
    assert.ok('refusal' in decision, JSON.stringify(user));
    assert.equal(decision.refusal.text, TEAM_WEBHOOK_MESSAGES.notAllowed);
    assert.equal(decision.refusal.message_code, 'webhook_not_allowed');
  }
});
