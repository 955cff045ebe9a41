import {
  COMMON_TIME_ZONES,
  DEFAULT_TIME_ZONE,
  detectedTimeZone,
  isMessageKey,
  type Lang,
  type MessageKey,
  type UserView,
  zoneLabel,
} from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ME_QUERY_KEY } from '@/features/auth';
import { useI18n } from '@/i18n';
import { settingsApi } from '../api/settings-api';

/** «Екатеринбург (UTC+5)», «Москва (МСК)»: a zone as the select names it, at this moment. */
export function zoneOptionLabel(
  zone: string,
  lang: Lang,
  t: (key: MessageKey) => string,
  now = new Date(),
): string {
  const key = `timeZone.city.${zone}`;
  const city = isMessageKey(key) ? t(key) : zone.replace(/_/g, ' ');
  const label = zoneLabel(now, zone, lang);
  return label.startsWith('(') ? `${city} ${label}` : `${city} (${label})`;
}

/**
 * The zone the bot writes the user's times in (docs/decisions/030): the common zones and the
 * one this device is in, saved as soon as it is picked. The site itself always shows times in
 * the device's zone.
 */
export function TimeZoneSection({ user, id }: { user: UserView; id: string }) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const detected = detectedTimeZone();
  // A user kept by an older build may carry no zone yet: the server's default until it answers.
  const current = user.timeZone || DEFAULT_TIME_ZONE;
  const zones = [...new Set<string>([current, detected, ...COMMON_TIME_ZONES])];
  const save = useMutation({
    mutationFn: settingsApi.setTimeZone,
    onSuccess: (saved) => {
      queryClient.setQueryData(ME_QUERY_KEY, saved);
      toast.success(t('timeZone.saved'));
    },
    onError: (e) => toast.error(t('prefs.saveFailed', { reason: e.message })),
  });
  const name = (zone: string) => {
    const label = zoneOptionLabel(zone, lang, t);
    return zone === detected ? t('timeZone.detected', { zone: label }) : label;
  };
  return (
    <section className="panel" aria-labelledby={`${id}-tz`}>
      <h2 id={`${id}-tz`} className="panel__title">
        {t('timeZone.label')}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-tz-select`} className="field__label">
          {t('timeZone.label')}
        </label>
        <select
          id={`${id}-tz-select`}
          className="input"
          value={current}
          disabled={save.isPending}
          aria-describedby={`${id}-tz-hint`}
          onChange={(e) => save.mutate(e.target.value)}
          data-testid="time-zone-select"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {name(zone)}
            </option>
          ))}
        </select>
        <p id={`${id}-tz-hint`} className="field__hint">
          {t('timeZone.hint')}
        </p>
      </div>
    </section>
  );
}
