import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** Holds the shape of a profile (cover, avatar, name, stats) while it loads, so nothing jumps. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading profile…</span>
      <div className="relative mb-12 md:mb-14">
        <Skeleton className="h-36 rounded-2xl sm:h-44 md:h-56" />
        <Skeleton className="absolute -bottom-10 left-4 size-20 rounded-full ring-4 ring-background md:-bottom-12 md:left-6 md:size-24" />
      </div>
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-4 w-28" />
      <div className="flex gap-6">
        {['photos', 'videos', 'likes', 'followers'].map((stat) => (
          <Skeleton key={stat} className="h-10 w-14" />
        ))}
      </div>
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
