/**
 * A Telegram client's side of the bridge, for tests (lib/telegram/bridge.ts): a window whose
 * webview records what the app posts (`TelegramWebviewProxy.postEvent`), delivers the client's
 * events the way a webview does (`Telegram.WebView.receiveEvent`), and, framed, receives what the
 * app posts to its parent. The bridge is started on it with `listen(version, client.window)`.
 */
export interface PostedCall {
  type: string;
  params: Record<string, unknown> | undefined;
}

type Handler = (event: unknown) => void;

export interface FakeClient {
  window: Window;
  /** What the app posted, oldest first. */
  calls: PostedCall[];
  /** The last parameters posted with `type`: null if posted without any, undefined if never. */
  last(type: string): Record<string, unknown> | null | undefined;
  /** An event from the client, as a webview receives it. */
  send(name: string, data?: unknown): void;
  /** A DOM event on the window (a framed app's `message`). */
  dispatch(type: string, event: unknown): void;
}

/**
 * A mobile client's webview; `framed: true` makes it a web client's frame instead, whose parent
 * records `postMessage(message, origin)` and has no webview proxy.
 */
export function fakeClient({ framed = false }: { framed?: boolean } = {}): FakeClient {
  const calls: PostedCall[] = [];
  const handlers = new Map<string, Handler[]>();
  const w: Record<string, unknown> = {
    addEventListener: (type: string, handler: Handler) =>
      handlers.set(type, [...(handlers.get(type) ?? []), handler]),
  };
  if (framed) {
    w.parent = {
      postMessage: (message: string, origin: string) => {
        const { eventType, eventData } = JSON.parse(message) as {
          eventType: string;
          eventData?: Record<string, unknown>;
        };
        calls.push({
          type: eventType,
          params: eventData === undefined ? undefined : { ...eventData, origin },
        });
      },
    };
  } else {
    w.parent = w;
    w.TelegramWebviewProxy = {
      postEvent: (type: string, data?: string) =>
        calls.push({
          type,
          params: data === undefined ? undefined : (JSON.parse(data) as Record<string, unknown>),
        }),
    };
  }
  const window = w as unknown as Window & {
    Telegram?: { WebView?: { receiveEvent?: (n: string, d?: unknown) => void } };
  };
  return {
    window,
    calls,
    last: (type) => {
      const found = calls.filter((call) => call.type === type).at(-1);
      return found ? (found.params ?? null) : undefined;
    },
    send: (name, data) => window.Telegram?.WebView?.receiveEvent?.(name, data),
    dispatch: (type, event) => {
      for (const handler of handlers.get(type) ?? []) handler(event);
    },
  };
}
