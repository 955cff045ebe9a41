import { type Lang, langFromAcceptLanguage } from '@p2p/shared';
import type { FastifyRequest } from 'fastify';

/** The language a request asks for (Accept-Language); Russian unless it asks for another. */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  return langFromAcceptLanguage(Array.isArray(header) ? header[0] : header);
}
