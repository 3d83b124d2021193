import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { displayNameOf, initialsOf } from '../../../lib/user-display.ts';

/** A fan's own profile: who they are, and the way to start a creator page. */
export function MemberProfileCard({ user }: { user: SessionUser }) {
  return (
    <section
      aria-labelledby="profile-name"
      className="flex flex-col gap-5 rounded-2xl border border-border p-6"
    >
      <div className="flex flex-wrap items-center gap-4">
        <Avatar className="size-20">
          {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
          <AvatarFallback className="text-2xl">{initialsOf(user)}</AvatarFallback>
        </Avatar>
        <div className="min-w-48 flex-1">
          <h1 id="profile-name" className="truncate font-heading text-2xl font-bold">
            {displayNameOf(user)}
          </h1>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-primary/10 p-4">
        <p className="text-sm">
          <span className="font-semibold">Share your photos and videos.</span> Set your own price and get paid
          by your fans.
        </p>
        <Button asChild>
          <Link to={pathTo('creator')}>
            <Sparkles aria-hidden="true" />
            Become a Creator
          </Link>
        </Button>
      </div>
    </section>
  );
}
