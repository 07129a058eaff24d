import { test } from 'node:test';
import assert from 'node:assert/strict';
// Registers the catalogues, as the app does, so a refusal carries its code.
import '../http/message-codes';
import { TEAM_WEBHOOK_MESSAGES } from '../messages/team-webhooks';
import { teamWebhookTeam } from './team-webhooks';

test("a team's webhook is its admins' alone: a member, an admin without a team and a teamless user are refused", () => {
  assert.deepEqual(teamWebhookTeam({ is_team_admin: true, team_id: 7 }), { teamId: 7 });
  for (const user of [
    { is_team_admin: false, team_id: 7 },
    { is_team_admin: true, team_id: null },
    { is_team_admin: false, team_id: null },
  ]) {
    const decision = teamWebhookTeam(user);
    assert.ok('refusal' in decision, JSON.stringify(user));
    assert.equal(decision.refusal.text, TEAM_WEBHOOK_MESSAGES.notAllowed);
    assert.equal(decision.refusal.message_code, 'webhook_not_allowed');
  }
});
