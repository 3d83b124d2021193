import { matchPath } from 'react-router';
import { routes } from '#common/routes.ts';
import { Logo } from '../../components/logo.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ProfileSkeleton } from '../../features/creators/components/profile-skeleton.tsx';
import { PostListSkeleton } from '../../features/posts/components/post-list-skeleton.tsx';
import { HomeIntro } from '../routes/home-intro.tsx';

/** The page area: what the page itself shows a signed-in viewer while its data loads. */
function PageSkeleton({ pathname }: { pathname: string }) {
  if (matchPath(routes.publicProfile, pathname)) {
    return (
      <div className="mx-auto max-w-3xl">
        <ProfileSkeleton />
      </div>
    );
  }
  if (matchPath(routes.discover, pathname)) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <PageHeader
          title="Discover"
          description="Photos and videos from creators to follow."
          className="mb-0"
        />
        <PostListSkeleton />
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-12">
      {/* An id of its own: the server's page beside it has the other. No "Become a Creator" until
          the app knows whether this viewer is one already. */}
      <HomeIntro headingId="why-heading-skeleton" becomeCreator={false} />
      <div className="mx-auto w-full max-w-2xl">
        <PostListSkeleton />
      </div>
    </div>
  );
}

/**
 * The first paint of a server-rendered page for a signed-in viewer (server/plugins/page-renderer.ts,
 * shown by index.html's rules while `<html data-session>`): the app's frame and the page's loading
 * state, with nothing of the visitor's view, until the app renders the viewer's own page a moment
 * later and removes it (web/main.tsx). Only its shape matters: the server renders it signed out, so it
 * holds nothing that depends on who is signed in.
 */
export function SessionSkeleton({ pathname }: { pathname: string }) {
  return (
    <div className="min-h-dvh">
      <span role="status" className="sr-only">
        Loading your page…
      </span>
      <div className="sticky top-0 z-40 border-b border-border bg-background/90">
        <div className="flex h-16 items-center gap-2 px-3 md:px-4">
          <Skeleton className="size-9 md:hidden" />
          {/* The real mark: the same for everyone, and the first thing painted on every page. */}
          <Logo className="shrink-0" wordmarkClassName="hidden sm:inline md:hidden lg:inline" />
          <div className="hidden min-w-0 flex-1 justify-center md:flex">
            <Skeleton className="h-9 w-full max-w-md" />
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">
            <Skeleton className="size-9 rounded-full" />
            <Skeleton className="size-9 rounded-full" />
          </div>
        </div>
      </div>
      <div className="mx-auto flex w-full max-w-[1600px]">
        <div className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-[4.5rem] shrink-0 flex-col gap-3 border-r border-border p-3 md:flex lg:w-60">
          {['home', 'discover', 'messages', 'bookmarks', 'lists', 'settings'].map((item) => (
            <Skeleton key={item} className="h-9 w-full" />
          ))}
        </div>
        <div className="@container min-w-0 flex-1 px-4 pt-6 pb-28 md:px-8 md:pb-10">
          <PageSkeleton pathname={pathname} />
        </div>
        <div className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 flex-col gap-4 border-l border-border p-4 lg:flex xl:w-80">
          <Skeleton className="h-5 w-32" />
          {['first', 'second', 'third'].map((item) => (
            <Skeleton key={item} className="h-16 w-full" />
          ))}
        </div>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-2 border-t border-border bg-background/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] md:hidden">
        <Skeleton className="h-9 flex-1" />
        <Skeleton className="size-9" />
      </div>
    </div>
  );
}
