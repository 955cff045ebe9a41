import { detectedTimeZone, formatZonedTime } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test-support/render';
import { MessageItem } from './MessageItem';

afterEach(() => {
  document.body.innerHTML = '';
});

const deadline = '2026-11-26T11:26:00.000Z';
const evidenceLine = {
  type: 'MODERATOR' as const,
  // As stored: Russian, in Moscow time, for a client that knows no key.
  content: 'Модератор просит продавца предоставить доказательства до 26.11.2026, 14:26 МСК: Выписка',
  contentKey: 'bo.chatEvidenceRequest',
  contentValues: { party: 'seller', deadline, text: 'Выписка' },
  createdAt: '2026-11-26T09:26:00.000Z',
  readAt: null,
  sender: null,
  senderId: null,
};

describe("the moderator's evidence request in the chat (docs/decisions/030)", () => {
  it("reads in the reader's language and zone, with the zone named", () => {
    renderApp(<MessageItem message={evidenceLine} mine={false} showName />, { lang: 'en' });
    const local = formatZonedTime(new Date(deadline), detectedTimeZone(), 'en', { withDate: true });
    expect(
      screen.getByText(`The moderator asks the seller for evidence by ${local}: Выписка`, { exact: true }),
    ).toBeTruthy();
  });

  it('shows a line without a key as it was written', () => {
    renderApp(
      <MessageItem
        message={{ ...evidenceLine, contentKey: null, contentValues: null }}
        mine={false}
        showName
      />,
    );
    expect(screen.getByText(evidenceLine.content)).toBeTruthy();
  });
});
