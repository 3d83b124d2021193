import { BellRing, LoaderCircle, Smartphone } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  PushSetupError,
  pushSupport,
  useHidePreviews,
  usePushState,
  usePushToggle,
  useRemovePushDevice,
} from '../api/push.ts';

const errorText = (error: unknown, fallback: string) =>
  error instanceof PushSetupError || (error instanceof Error && error.message)
    ? (error as Error).message
    : fallback;

/**
 * Push notifications on this device: turned on only by a click here (the browser asks for
 * permission then), with the other devices that have them and the choice to hide message words.
 */
export function PushSettings() {
  const state = usePushState();
  const toggle = usePushToggle();
  const remove = useRemovePushDevice();
  const hidePreviews = useHidePreviews();
  const support = pushSupport();

  if (state.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading push notifications…
      </p>
    );
  }
  if (state.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>Push notifications could not be loaded. {state.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void state.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { devices, publicKey } = state.data;
  const here = devices.find((device) => device.current);
  const others = devices.filter((device) => !device.current);

  const turn = (on: boolean) =>
    toggle.mutate(on ? { on, publicKey } : { on }, {
      onSuccess: () =>
        toast.success(
          on ? 'Push notifications are on for this device' : 'Push notifications are off for this device',
        ),
      onError: (error) => toast.error(errorText(error, 'Push notifications could not be changed')),
    });

  return (
    <section
      className="mb-6 flex flex-col gap-4 rounded-lg border border-border p-4"
      aria-labelledby="push-heading"
    >
      <div className="flex flex-wrap items-start gap-3">
        <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-[12rem] flex-1">
          <h3 id="push-heading" className="text-sm font-medium">
            Push notifications on this device
          </h3>
          <p className="text-sm text-muted-foreground">
            {support !== 'supported'
              ? 'This browser cannot receive push notifications.'
              : here
                ? 'On: this device gets the kinds marked "Push" below, even with the app closed.'
                : 'Off: turn them on to hear about messages and more with the app closed.'}
          </p>
        </div>
        {support === 'supported' ? (
          <Button
            size="sm"
            variant={here ? 'outline' : 'default'}
            disabled={toggle.isPending}
            onClick={() => turn(!here)}
          >
            {toggle.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {here ? 'Turn off' : 'Turn on push notifications'}
          </Button>
        ) : null}
      </div>

      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 accent-primary"
          // The box follows the click at once; the answer (or a refusal) settles it.
          checked={hidePreviews.isPending ? hidePreviews.variables : state.data.hidePreviews}
          disabled={hidePreviews.isPending}
          onChange={(event) =>
            hidePreviews.mutate(event.target.checked, {
              onError: (error) => toast.error(errorText(error, 'Could not save your choice')),
            })
          }
        />
        <span>
          Hide message previews
          <span className="block text-muted-foreground">
            Pushes then say only "New message from" and the sender's name.
          </span>
        </span>
      </label>

      {others.length > 0 ? (
        <div>
          <h4 className="text-sm font-medium">Your other devices with push on</h4>
          <ul className="divide-y divide-border">
            {others.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <Smartphone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1">
                  {device.label}{' '}
                  <span className="text-muted-foreground">· since {formatLongDate(device.createdAt)}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending}
                  aria-label={`Stop push notifications on ${device.label}`}
                  onClick={() =>
                    remove.mutate(device.id, {
                      onError: (error) => toast.error(errorText(error, 'Could not stop them')),
                    })
                  }
                >
                  Stop
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : here ? (
        <p className="text-sm text-muted-foreground">
          <Badge variant="secondary">This device</Badge> is the only one with push on.
        </p>
      ) : null}
    </section>
  );
}
