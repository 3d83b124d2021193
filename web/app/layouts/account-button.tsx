import type { ComponentProps } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { SessionUser } from '../../lib/session.ts';
import { displayNameOf, initialsOf } from '../../lib/user-display.ts';

interface AccountButtonProps extends ComponentProps<typeof Button> {
  user: SessionUser;
}

/** The signed-in user's avatar: profile image, else initials, else the email's first letter. */
export function AccountButton({ user, ...props }: AccountButtonProps) {
  return (
    <Button variant="ghost" size="icon" className="rounded-full" {...props}>
      {/* Named by its text, not aria-label: the initials shown are a picture, not the name (WCAG 2.5.3). */}
      <span className="sr-only">Account menu for {displayNameOf(user)}</span>
      <Avatar className="size-9" aria-hidden="true">
        {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
        <AvatarFallback>{initialsOf(user)}</AvatarFallback>
      </Avatar>
    </Button>
  );
}
