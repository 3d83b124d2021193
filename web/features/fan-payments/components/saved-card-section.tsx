import { CreditCard } from 'lucide-react';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useForgetSavedCard, useSavedCard } from '../api/saved-card.ts';
import { formatLongDate } from '../format.ts';
import { cardText } from '../one-tap.ts';

const texts = {
  title: 'Saved card',
  description:
    'The card you paid with last. Unlocks, tips and subscriptions ask you to confirm, then pay with it in one tap.',
  none: 'No card saved. The card you pay with next is saved for one-tap payments.',
  remove: 'Remove card',
  removed: 'Card removed. Your next payment goes through the checkout page.',
  failed: 'The card could not be removed. Please try again.',
  renewals:
    'Subscriptions you already have keep renewing on the card they were paid with until you cancel them.',
} as const;

/** Settings > Payment & Subscription: the saved card, and removing it. */
export function SavedCardSection() {
  const saved = useSavedCard();
  const forget = useForgetSavedCard();
  const card = saved.data?.card ?? null;
  return (
    <SettingsSection title={texts.title} description={texts.description}>
      {saved.isPending ? (
        <Skeleton className="h-12 rounded-lg" />
      ) : saved.isError ? (
        <p className="text-sm text-muted-foreground">The saved card could not be loaded.</p>
      ) : card ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border px-3 py-2">
            <p className="flex items-center gap-2 text-sm">
              <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="font-medium">{cardText(card)}</span>
              <span className="text-muted-foreground">saved {formatLongDate(card.savedAt)}</span>
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={forget.isPending}
              onClick={() =>
                forget.mutate(undefined, {
                  onSuccess: () => toast.success(texts.removed),
                  onError: (error) =>
                    toast.error(
                      error instanceof ApiError && error.status === 404 ? texts.removed : texts.failed,
                    ),
                })
              }
            >
              {forget.isPending ? 'Removing…' : texts.remove}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{texts.renewals}</p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{texts.none}</p>
      )}
    </SettingsSection>
  );
}
