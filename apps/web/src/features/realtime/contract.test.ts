import { ServerEvents, SOCKET_PATH, SOCKET_TRANSPORTS } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import * as contract from './contract';

/** The web's copy of the realtime contract's values (contract.ts) is the shared one. */
describe('the realtime contract the web client uses', () => {
  it('is the socket path, transports and event names of @p2p/shared', () => {
    expect(contract.SOCKET_PATH).toBe(SOCKET_PATH);
    expect(contract.SOCKET_TRANSPORTS).toEqual(SOCKET_TRANSPORTS);
    expect([...contract.SERVER_EVENT_NAMES].sort()).toEqual(Object.values(ServerEvents).sort());
  });
});
