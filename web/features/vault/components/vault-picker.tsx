import { Check } from 'lucide-react';
import { useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatLocalDate } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { useVault } from '../api/vault.ts';
import { VaultThumb } from './vault-thumb.tsx';

interface VaultPickerProps {
  open: boolean;
  /** How many more items the post may take. */
  room: number;
  /** Already in the post: shown as chosen, not offered twice. */
  taken: string[];
  onClose: () => void;
  onPick: (items: MediaView[]) => void;
}

/** Choose uploads from the vault for a post, in the order they are picked. */
export function VaultPicker({ open, room, taken, onClose, onPick }: VaultPickerProps) {
  const vault = useVault({});
  const [chosen, setChosen] = useState<MediaView[]>([]);
  const items = vault.data?.pages.flatMap((page) => page.items) ?? [];
  const toggle = (media: MediaView) =>
    setChosen((current) =>
      current.some((item) => item.id === media.id)
        ? current.filter((item) => item.id !== media.id)
        : current.length < room
          ? [...current, media]
          : current,
    );
  const close = () => {
    setChosen([]);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>Add from your vault</DialogTitle>
        <DialogDescription>
          Pick photos and videos you already uploaded; they are added in the order you pick them ({room} more
          at most).
        </DialogDescription>
        {vault.isPending ? (
          <div
            role="status"
            aria-label="Loading your vault"
            className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          >
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="aspect-square rounded-lg" />
            ))}
          </div>
        ) : vault.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>Your vault could not be loaded: {vault.error.message}</p>
            <Button size="sm" onClick={() => void vault.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Your vault is empty. Photos and videos you upload for posts are kept there.
          </p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Your uploads">
            {items.map(({ media, uploadedAt }) => {
              const order = chosen.findIndex((item) => item.id === media.id);
              const already = taken.includes(media.id);
              return (
                <li key={media.id}>
                  <button
                    type="button"
                    disabled={already || media.status !== 'ready'}
                    aria-pressed={order >= 0}
                    aria-label={`${media.kind === 'video' ? 'Video' : 'Photo'} uploaded ${formatLocalDate(uploadedAt, 'numericDate')}${already ? ', already in this post' : ''}`}
                    onClick={() => toggle(media)}
                    className={cn(
                      'relative block aspect-square w-full overflow-hidden rounded-lg border-2 border-transparent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40',
                      order >= 0 && 'border-primary',
                    )}
                  >
                    <VaultThumb media={media} />
                    {order >= 0 ? (
                      <span className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                        {order + 1}
                      </span>
                    ) : already ? (
                      <Check
                        aria-hidden="true"
                        className="absolute top-1 right-1 size-5 text-white drop-shadow"
                      />
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {vault.hasNextPage ? (
          <Button variant="outline" size="sm" onClick={() => void vault.fetchNextPage()}>
            Show more
          </Button>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              onPick(chosen);
              close();
            }}
          >
            {chosen.length === 0 ? 'Add' : `Add ${chosen.length}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
