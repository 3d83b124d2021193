import { useEffect } from 'react';

export const SITE_NAME = 'Fanplace';

export function formatTitle(page: string): string {
  return `${page} | ${SITE_NAME}`;
}

/** Sets the tab title to `<page> | Fanplace` while the calling page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = formatTitle(page);
  }, [page]);
}
