import { createAppStore } from '../../store/store';
import { createFakeServer } from '../../testing/fake-server';
import { referralApi, USER_OID_NOT_FOUND } from './referral-api';

const data = { campaign: 'ai-credits', reward_credits: 200, tokens: { ln: 'ln-1', email: 'em-1' }, invitation_link: '/signup/', credits_balance: 0, referred_count: 0 };

describe('getReferral', () => {
  it('fetches the campaign of the given user', async () => {
    const server = createFakeServer({ 'GET /api/v1/referrals/users/u-1/campaigns/ai-credits/': { body: data } });
    const restore = server.install();
    const store = createAppStore();
    const result = await store.dispatch(referralApi.endpoints.getReferral.initiate({ userOid: 'u-1' }));
    restore();
    expect(result.data).toEqual(data);
  });

  it("fails with 'userOid not found' without a userOid, and sends nothing", async () => {
    const server = createFakeServer({});
    const restore = server.install();
    const store = createAppStore();
    const result = await store.dispatch(referralApi.endpoints.getReferral.initiate({ userOid: null }));
    restore();
    expect(result.error).toEqual({ status: 'CUSTOM_ERROR', error: USER_OID_NOT_FOUND });
    expect(server.calls).toHaveLength(0);
  });

  it('keeps a server failure as the error', async () => {
    const server = createFakeServer({ 'GET /api/v1/referrals/users/u-1/campaigns/ai-credits/': { status: 503, body: { message: 'down' } } });
    const restore = server.install();
    const store = createAppStore();
    const result = await store.dispatch(referralApi.endpoints.getReferral.initiate({ userOid: 'u-1' }));
    restore();
    expect(result.error).toMatchObject({ status: 503 });
  });
});
