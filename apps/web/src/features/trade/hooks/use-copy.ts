import { useCallback, useEffect, useRef, useState } from 'react';

/** Copy feedback lasts 2 s. */
const FEEDBACK_MS = 2000;

/** Copies text; `copied` names what was copied last, for 2 s. */
export function useCopy(): { copied: string | null; copy: (key: string, text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (key: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), FEEDBACK_MS);
    return true;
  }, []);
  return { copied, copy };
}
