import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { creatorInitials } from '../format.ts';

interface ProfileCoverProps {
  displayName: string;
  avatarUrl: string | null;
  bannerUrl: string | null;
}

/** The cover image (a gradient until there is one) with the avatar overlapping its lower edge. */
export function ProfileCover({ displayName, avatarUrl, bannerUrl }: ProfileCoverProps) {
  return (
    <div className="relative mb-12 md:mb-14">
      <div className="h-36 overflow-hidden rounded-2xl bg-gradient-to-br from-primary/70 via-primary/40 to-accent sm:h-44 md:h-56">
        {bannerUrl ? <img src={bannerUrl} alt="" className="size-full object-cover" /> : null}
      </div>
      <Avatar className="absolute -bottom-10 left-4 size-20 bg-background ring-4 ring-background md:-bottom-12 md:left-6 md:size-24">
        {avatarUrl ? <AvatarImage src={avatarUrl} alt="" /> : null}
        <AvatarFallback className="text-2xl">{creatorInitials(displayName)}</AvatarFallback>
      </Avatar>
    </div>
  );
}
