import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../admin/factories.ts';
import { disputedTradeScenario, expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { report, tally, timed } from './support.ts';

/**
 * Race: two moderators take the same dispute at the same moment. One conditional UPDATE
 * (status DISPUTED and no other owner) decides, so each case ends with exactly one owner:
 * one 200 and one 409 per case, and the owner is the one who got the 200.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const CASES = 12;

async function disputedTrade() {
  return (await disputedTradeScenario(t.ctx)).tradeId;
}

describe('race: two moderators take one case', () => {
  it('every case gets exactly one owner', async () => {
    const a = await signInStaff(t, { role: 'moderator' });
    const b = await signInStaff(t, { role: 'moderator' });
    const cases: string[] = [];
    for (let i = 0; i < CASES; i++) cases.push(await disputedTrade());
    const take = (tradeId: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/disputes/${tradeId}/take`, headers });

    const { result, ms } = await timed(() =>
      Promise.all(cases.flatMap((id) => [take(id, a.headers), take(id, b.headers)])),
    );
    const statuses = result.map((r) => r.statusCode);
    expect(tally(statuses)).toEqual({ 200: CASES, 409: CASES });
    for (let i = 0; i < CASES; i++) {
      const [ra, rb] = [result[2 * i], result[2 * i + 1]];
      const winner = ra?.statusCode === 200 ? a.staff.id : b.staff.id;
      const file = await t.app.inject({ url: `/api/v1/admin/disputes/${cases[i]}`, headers: a.headers });
      expect(file.json().data.owner.id).toBe(winner);
      expect([ra?.statusCode, rb?.statusCode].sort()).toEqual([200, 409]);
    }
    report(t.ctx, 'dispute take', { cases: CASES, moderators: 2, statuses: tally(statuses) }, ms);
  });
});
