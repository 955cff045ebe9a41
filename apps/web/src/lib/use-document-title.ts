import { useEffect } from 'react';

/** Sets the tab title to "<title> · P2P Market". */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · P2P Market` : 'P2P Market';
  }, [title]);
}
