import type { ReactNode } from 'react';
import { SvgIcon } from '@/components/ui/Icon';

/** Stroke icons the shared set lacks, drawn the same way as components/ui/Icon. */
const PATHS = {
  copy: (
    <>
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </>
  ),
  upload: <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />,
  chat: <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />,
  flag: <path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7" />,
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="8.5" cy="8.5" r="1.5" />
      <path d="m21 15-5-5L5 21" />
    </>
  ),
  xCircle: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6M9 9l6 6" />
    </>
  ),
  bank: <path d="M3 21h18M3 10h18M5 6l7-3 7 3M4 10v11M20 10v11M8 14v3M12 14v3M16 14v3" />,
  send: <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />,
} satisfies Record<string, ReactNode>;

export type TradeIconName = keyof typeof PATHS;

export function TradeIcon({
  name,
  size,
  className,
}: {
  name: TradeIconName;
  size?: number;
  className?: string;
}) {
  return (
    <SvgIcon size={size} className={className}>
      {PATHS[name]}
    </SvgIcon>
  );
}
