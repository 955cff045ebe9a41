import type { TestProject } from 'vitest/node';
import { ensureWebBuilt, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Once per run: fresh web build if needed, then one real server shared by the journeys. */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
  };
}
