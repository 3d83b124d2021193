import { Switch } from 'radix-ui';
import { useId } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useMessageSettings, useSaveMessageSettings } from '../api/message-settings.ts';

/** A creator's choice to take new messages from subscribers only; nothing for other users. */
export function SubscribersOnlySwitch({ userId }: { userId: string }) {
  const settings = useMessageSettings(userId);
  const save = useSaveMessageSettings(userId);
  const labelId = useId();
  const hintId = useId();
  if (!settings.data) return null;
  const checked =
    save.isPending && save.variables ? save.variables.subscribersOnly : settings.data.subscribersOnly;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border px-3 py-1.5">
      <span className="flex flex-col leading-tight">
        <span id={labelId} className="text-sm font-medium">
          Messages from subscribers only
        </span>
        {/* The state in words, on every screen size: the switch alone leaves "on" to be guessed. */}
        <span id={hintId} className="text-xs text-muted-foreground">
          {checked ? 'On: only your subscribers can message you' : 'Off: anyone can message you'}
        </span>
      </span>
      <Switch.Root
        checked={checked}
        disabled={save.isPending}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onCheckedChange={(subscribersOnly) =>
          save.mutate(
            { subscribersOnly },
            {
              onSuccess: (saved) =>
                toast.success(
                  saved.subscribersOnly
                    ? 'Only your subscribers can message you now'
                    : 'Everyone can message you now',
                ),
              onError: (error) => toast.error(error.message),
            },
          )
        }
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block size-5 translate-x-0.5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
