import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCreate } from '../../src/cli/staff-create.ts';
import { findStaffByEmail } from '../../src/modules/admin/staff.repository.ts';
import { createStaff } from '../../src/modules/admin/staff.service.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { adminLogin } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('npm run staff:create (runStaffCreate)', () => {
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const code = await runStaffCreate(argv, t.database, t.clock.now(), out);
    return { code, text: lines.join('\n') };
  };

  it('creates an account that can sign in, and refuses a duplicate in any letter case', async () => {
    const args = ['--email', 'Chief@Example.com', '--password', 'long enough', '--role', 'admin'];
    const created = await run([...args, '--first-name', 'Глеб', '--last-name', 'Главный']);
    expect(created.code).toBe(0);
    expect(created.text).toContain('created admin chief@example.com');
    const login = await adminLogin(t.app, 'chief@example.com', 'long enough');
    expect(login.json().data.admin).toMatchObject({ firstName: 'Глеб', lastName: 'Главный', role: 'admin' });
    const again = await run([
      '--email',
      'CHIEF@example.com',
      '--password',
      'other pass',
      '--role',
      'moderator',
    ]);
    expect(again.code).toBe(1);
    expect(again.text).toContain('already exists');
  });

  it('refuses bad input with a clear message and a non-zero exit code', async () => {
    const cases: [string[], RegExp][] = [
      [['--email', 'no-at-sign', '--password', 'long enough', '--role', 'admin'], /email/],
      [['--email', 'a@b.c', '--password', 'short', '--role', 'admin'], /at least 8/],
      [['--email', 'a@b.c', '--password', 'long enough', '--role', 'root'], /admin or moderator/],
      [['--email', 'a@b.c', '--role', 'admin'], /missing --password/],
      [['--email', 'a@b.c', '--password', 'long enough', '--role', 'admin', '--bogus'], /Unknown option/],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).not.toBe(0);
      expect(result.text).toMatch(message);
    }
    expect(await findStaffByEmail(t.ctx.db, 'a@b.c')).toBeNull();
  });

  it('createStaff refuses a duplicate email', async () => {
    await createStaff(
      t.ctx.db,
      { email: 'dup@example.com', password: 'long enough', role: 'admin' },
      new Date(),
    );
    await expect(
      createStaff(t.ctx.db, { email: 'DUP@example.com', password: 'long enough', role: 'admin' }, new Date()),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
