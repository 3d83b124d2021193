import type { ReactNode } from 'react';
import type { CreatorProfile } from '#common/schemas/creators.ts';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { ProfileCover } from './profile-cover.tsx';
import { ProfileStats } from './profile-stats.tsx';

/** The head of a creator's page, public or private; the page decides which actions it carries. */
export function ProfileHeader({ profile, actions }: { profile: CreatorProfile; actions: ReactNode }) {
  return (
    <section aria-labelledby="profile-name" className="flex flex-col gap-4">
      <ProfileCover
        displayName={profile.displayName}
        avatarUrl={profile.avatarUrl}
        bannerUrl={profile.bannerUrl}
      />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="profile-name" className="truncate font-heading text-2xl font-bold tracking-tight">
            {profile.displayName}
          </h1>
          <p className="truncate text-sm text-muted-foreground">@{profile.handle}</p>
        </div>
        {/* The buttons (Follow, a tip, the menus) are adopted in a task of their own. */}
        <HydrateLater>
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
        </HydrateLater>
      </div>
      <ProfileStats counts={profile.counts} />
      {profile.bio ? <p className="text-sm whitespace-pre-line">{profile.bio}</p> : null}
    </section>
  );
}
