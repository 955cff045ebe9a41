import type { ServerEventPayload } from '@p2p/shared';
import type { NotificationDraft } from './notifications.service.ts';

/** Where the owner reviews their security: sessions, two-factor, keys. */
export const SECURITY_PAGE = '/settings/security';

/**
 * What the owner reads in the inbox and from the bot of a security event (docs/decisions/033,
 * "Security events"): what happened, for a sign-in the device and rough place, for a hold its
 * end (the notice's deadline), and «Это не я» (the action line; the bot and the inbox add the
 * button). Never switched off in the settings: the `security` category always passes.
 */
export function securityEventDraft(
  userId: string,
  p: ServerEventPayload<'security:event'>,
): NotificationDraft {
  // `none`: not known; `local`: a private range (the catalogue says «локальная сеть»).
  const values = { event: p.kind, device: p.device ?? 'none', place: p.place ?? 'none' };
  return {
    userId,
    kind: 'security_event',
    entity: null,
    titleKey: `notify.security.${p.kind}.title`,
    messageKey: `notify.security.${p.kind}.message`,
    actionKey: 'notify.security.action',
    values,
    deadline: p.until ? new Date(p.until) : null,
    link: SECURITY_PAGE,
  };
}
