import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, startTransition, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

export interface ProfileSafetyMenuProps {
  /** The creator profile (reported) and the account behind it (blocked). */
  profile: { id: string; userId: string; displayName: string };
  /** After a block: the page is hidden from now on. */
  onBlocked?: () => void;
}

// The menu and its dialogs (Radix dropdown and dialog, the report form) load when the pointer reaches
// the button or it is pressed, not with the profile page (docs/decisions/0032). The menu replaces the
// stand-in when it is pressed, opened.
const loadDropdown = () => import('./profile-safety-dropdown.tsx');
const ProfileSafetyDropdown = lazy(() =>
  loadDropdown().then((module) => ({ default: module.ProfileSafetyDropdown })),
);

/**
 * The "..." menu on someone else's creator page. Until it is pressed, the same button stands in; then,
 * in a transition, the stand-in stays on screen until the menu has loaded and opens in its place.
 */
export function ProfileSafetyMenu(props: ProfileSafetyMenuProps) {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <Button
      variant="outline"
      size="icon"
      aria-label={`More options for ${props.profile.displayName}`}
      aria-haspopup="menu"
      onPointerEnter={() => void loadDropdown()}
      onClick={() => startTransition(() => setWanted(true))}
    >
      <Ellipsis aria-hidden="true" />
    </Button>
  );
  return (
    <Suspense fallback={standIn}>
      {wanted ? <ProfileSafetyDropdown {...props} defaultOpen /> : standIn}
    </Suspense>
  );
}
