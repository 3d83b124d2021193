import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { trackButtonClick } from '../../../lib/analytics.ts';
import { shareProfile } from '../share-profile.ts';

interface ShareButtonProps {
  profile: { displayName: string; handle: string; bio: string };
  /** The page to share; the current one when absent. */
  path?: string;
}

export function ShareButton({ profile, path }: ShareButtonProps) {
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label="Share profile"
      onClick={() => {
        trackButtonClick('share_profile');
        void shareProfile(profile, path);
      }}
    >
      <Share2 aria-hidden="true" />
    </Button>
  );
}
