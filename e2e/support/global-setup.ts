import type { TestProject } from 'vitest/node';
import { startPriceStub } from './price-stub';
import { ensureWebBuilt, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The local price feed's control address (`POST /set`, `POST /reset`: support/price-stub.ts). */
    priceStubURL: string;
  }
}

/** How often the server asks the price feed again (the config's minimum): floating prices follow fast. */
const PRICE_REFRESH_SECONDS = 5;

/**
 * Once per run: fresh web build if needed, a local price feed (the fallback table's figures until
 * a journey moves them), then one real server shared by the journeys.
 */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  const prices = await startPriceStub();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      PRICE_API_URL: prices.priceURL,
      PRICE_REFRESH_SECONDS: String(PRICE_REFRESH_SECONDS),
    });
  } catch (error) {
    await prices.close();
    throw error;
  }
  project.provide('baseURL', server.baseURL);
  project.provide('priceStubURL', prices.controlURL);
  return async () => {
    try {
      await server.stop();
    } finally {
      await prices.close();
    }
  };
}
