import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { CreatorListSkeleton } from '../../features/creators/components/creator-list-skeleton.tsx';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { isRightPanelHidden } from './layout-rules.ts';

const MoreCreators = lazy(() =>
  import('../../features/creators/components/more-creators.tsx').then((module) => ({
    default: module.MoreCreators,
  })),
);

/** 'More Creators' beside the page on wide screens; its code and data load only when it is shown. */
export function RightPanel() {
  const { pathname } = useLocation();
  const isWide = useMediaQuery('(min-width: 1024px)');
  if (!isWide || isRightPanelHidden(pathname)) return null;
  return (
    <aside
      aria-labelledby="more-creators-heading"
      className="sticky top-16 h-[calc(100dvh-4rem)] w-72 shrink-0 overflow-y-auto border-l border-border p-4 xl:w-80"
    >
      <h2 id="more-creators-heading" className="mb-4 font-heading text-base font-semibold">
        More Creators
      </h2>
      <Suspense fallback={<CreatorListSkeleton />}>
        <MoreCreators />
      </Suspense>
    </aside>
  );
}
