import type { AppContext } from '../../context.ts';
import { insertUser, listOldestUsers, updateUser } from '../users/users.repository.ts';

/** The demo cast: a few people with Russian names, so a fresh start is not an empty room. */
export const DEMO_USERS = [
  { username: 'alice', firstName: 'Алиса', lastName: 'Смирнова', displayName: 'Алиса' },
  { username: 'boris', firstName: 'Борис', lastName: 'Иванов', displayName: 'Борис_Трейдер' },
  { username: 'vera', firstName: 'Вера', lastName: 'Кузнецова', displayName: null },
  { username: 'grigory', firstName: 'Григорий', lastName: 'Попов', displayName: 'Гриша' },
] as const;

/** Seeds demo data into an empty database; does nothing when any user exists. */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  if ((await listOldestUsers(ctx.db, 1)).length > 0) return false;
  await ctx.db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      const user = await insertUser(tx, { ...demo, now: ctx.clock.now() });
      if (demo.displayName) {
        await updateUser(tx, user.id, { displayName: demo.displayName }, ctx.clock.now());
      }
    }
  });
  return true;
}
