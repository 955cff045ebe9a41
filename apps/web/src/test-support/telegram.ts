import type { UserView } from '@p2p/shared';

/** The server's answer to a Mini App's silent sign-in (`POST /auth/telegram/webapp`) for `user`. */
export function signInAnswer(user: UserView): Response {
  const data = {
    user,
    tokens: { accessToken: 'm-access', refreshToken: 'm-refresh', tokenType: 'Bearer', expiresIn: 900 },
  };
  return new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}
