import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '@/test-support/telegram-client';

const controls = await import('./controls');
const { listen } = await import('./bridge');
const { integrationStarted } = await import('./state');
const { useTelegramMainButton } = await import('./hooks');

const client = fakeClient();
const pressMainButton = () => client.send('main_button_pressed');
const mainButton = () => client.last('web_app_setup_main_button');

beforeAll(() => {
  listen('8.0', client.window);
  controls.followControls();
  // The screens reach the controls through the started integration (lib/telegram/state.ts).
  integrationStarted(controls as unknown as Parameters<typeof integrationStarted>[0]);
});

/** A screen whose MainButton waits for `ready` (the seller's checklist before the release). */
function Release({
  ready,
  busy = false,
  onRelease,
}: {
  ready: boolean;
  busy?: boolean;
  onRelease: () => void;
}) {
  useTelegramMainButton({
    text: 'Отправить криптовалюту',
    onClick: onRelease,
    disabled: !ready,
    loading: busy,
  });
  return null;
}

/**
 * Telegram's press landing while the page commits a re-render, before React's passive effects
 * run: what a loaded phone (or CI) does when the press follows the change closely.
 */
function PressOnCommit({ press }: { press: boolean }) {
  useLayoutEffect(() => {
    if (press) pressMainButton();
  }, [press]);
  return null;
}

/** The trade page's main action on the MainButton, its text the action's (MainAction.tsx). */
function TradeMain({
  action,
  ready,
  onAction,
}: {
  action: 'Подтвердить получение оплаты' | 'Отправить криптовалюту';
  ready: boolean;
  onAction: (action: string) => void;
}) {
  useTelegramMainButton({ text: action, onClick: () => onAction(action), disabled: !ready });
  return null;
}

/** The confirmation over it, holding the button while open (ActionDialog.tsx). */
function Confirm({ open, onConfirm }: { open: boolean; onConfirm: () => void }) {
  useTelegramMainButton(open ? { text: 'Да, деньги получены', onClick: onConfirm } : null);
  return null;
}

describe('the MainButton of a screen', () => {
  it('takes a press that lands as the re-render enabling it commits', () => {
    const onRelease = vi.fn();
    const view = render(
      <>
        <Release ready={false} onRelease={onRelease} />
        <PressOnCommit press={false} />
      </>,
    );
    expect(mainButton()).toMatchObject({ is_active: false });
    // The last tick of the checklist: the button turns active, and the press arrives at once.
    view.rerender(
      <>
        <Release ready onRelease={onRelease} />
        <PressOnCommit press />
      </>,
    );
    expect(onRelease).toHaveBeenCalledTimes(1);
    expect(mainButton()).toMatchObject({ is_active: true });
    view.unmount();
    expect(mainButton()).toEqual({ is_visible: false, is_active: false, is_progress_visible: false });
  });

  it('refuses a press that lands as the re-render disabling it commits', () => {
    const onRelease = vi.fn();
    const view = render(
      <>
        <Release ready onRelease={onRelease} />
        <PressOnCommit press={false} />
      </>,
    );
    // The action started (its loader shows): a press at that moment must not send it again.
    view.rerender(
      <>
        <Release ready busy onRelease={onRelease} />
        <PressOnCommit press />
      </>,
    );
    expect(onRelease).not.toHaveBeenCalled();
    view.unmount();
  });

  it("takes the next action's press at once, however soon after the last action's", () => {
    const onAction = vi.fn();
    const onConfirm = vi.fn();
    const page = (action: Parameters<typeof TradeMain>[0]['action'], ready: boolean, open: boolean) => (
      <>
        <TradeMain action={action} ready={ready} onAction={onAction} />
        <Confirm open={open} onConfirm={onConfirm} />
      </>
    );
    const view = render(page('Подтвердить получение оплаты', true, false));
    pressMainButton();
    expect(onAction).toHaveBeenLastCalledWith('Подтвердить получение оплаты');
    // Its confirmation is pressed and done; the release waits for the checklist, then is
    // pressed, all well within the double-tap gap of the first press (a fast journey).
    view.rerender(page('Подтвердить получение оплаты', true, true));
    pressMainButton();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    view.rerender(page('Отправить криптовалюту', false, false));
    view.rerender(page('Отправить криптовалюту', true, false));
    expect(mainButton()).toMatchObject({
      text: 'Отправить криптовалюту',
      is_active: true,
    });
    pressMainButton();
    expect(onAction).toHaveBeenLastCalledWith('Отправить криптовалюту');
    // A double tap of that one action is still one press.
    pressMainButton();
    expect(onAction).toHaveBeenCalledTimes(2);
    view.unmount();
  });
});
