import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../src/composition.ts';
import { createTestApp } from '../helpers.ts';

const SRC = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// docs/ARCHITECTURE.md, "The composition root": one place builds the services.
describe('the composition root', () => {
  it('is the only place in the product that builds a service', () => {
    const built = sourceFiles(SRC).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/new (\w+Service)\(/g)].map(
        (m) => `${relative(SRC, path)}: ${m[1]}`,
      ),
    );
    const outside = built.filter((site) => !site.startsWith('composition.ts:'));
    // The context's token and session machinery (which the auth plugin and the sockets use
    // before any service) and the price feed's own factory are infrastructure, not services.
    expect(outside.sort()).toEqual([
      'context.ts: SessionService',
      'context.ts: TokenService',
      'modules/market/market.service.ts: MarketPricesService',
    ]);
    expect(built.filter((site) => site.startsWith('composition.ts:')).length).toBeGreaterThan(30);
  });

  it("builds each service once: the app's routes, bot and loops share one set", async () => {
    const t = await createTestApp();
    try {
      const services = t.app.services;
      // The limits and second factor a trade checks are the very instances the routes use.
      const trades = services.trades as unknown as Record<string, unknown>;
      expect(trades.twoFactor).toBe(services.twoFactor);
      expect(trades.limits).toBe(services.limits);
      expect(services.bot.trades).toBe(services.trades);
      expect(services.admin.disputes).toBe(services.disputes);
      // Reminders write to the inbox the bot is a sink of.
      expect((services.reminders as unknown as Record<string, unknown>).inbox).toBe(
        t.app.notifications.inbox,
      );
      // Another composition of the same context is another set, not a cache.
      expect(createServices(t.ctx).trades).not.toBe(services.trades);
    } finally {
      await t.close();
    }
  });
});
