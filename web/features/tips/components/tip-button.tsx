import { Gift, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthModal } from '../../../lib/auth-modal.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { tipTexts } from '../texts.ts';

// The dialog (and zod with its answer) loads when a fan opens it: most visits never do.
const TipDialog = lazy(() => import('./tip-dialog.tsx').then((module) => ({ default: module.TipDialog })));

export interface TipButtonProps {
  creator: { handle: string; name: string };
  /** `icon`: a round icon button (post cards, chat header); `outline`: with the word Tip (profile). */
  appearance?: 'icon' | 'outline';
}

/**
 * Opens the tip dialog for a creator (signed out: the sign-in dialog instead). Shown only where the
 * viewer is not the creator; the server refuses blocks, pages not approved and suspended accounts.
 */
export function TipButton({ creator, appearance = 'outline' }: TipButtonProps) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = `Tip ${creator.name}`;
  return (
    <>
      <Button
        ref={button}
        variant={appearance === 'icon' ? 'ghost' : 'outline'}
        size={appearance === 'icon' ? 'icon-sm' : 'default'}
        className={appearance === 'icon' ? 'rounded-full' : undefined}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          if (!session) {
            toast.info(tipTexts.signIn);
            openAuthModal('signin');
            return;
          }
          setOpen(true);
        }}
      >
        <Gift aria-hidden="true" />
        {appearance === 'icon' ? null : <span>Tip</span>}
      </Button>
      {open ? (
        <Suspense
          fallback={
            <span role="status" className="sr-only">
              <LoaderCircle aria-hidden="true" />
              Opening the tip dialog…
            </span>
          }
        >
          <TipDialog creator={creator} onClose={() => setOpen(false)} returnFocusTo={button.current} />
        </Suspense>
      ) : null}
    </>
  );
}
