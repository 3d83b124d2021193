import { Switch } from 'radix-ui';
import { useId } from 'react';
import type { WatermarkSettings as Settings } from '#common/schemas/creators.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveWatermark, useWatermark } from '../api/watermark.ts';

/** How the mark will look: an example photo with the same text in the same corner as the server's. */
function MarkPreview({ address, viewerLine }: { address: string | null; viewerLine: boolean }) {
  return (
    <figure className="grid gap-2">
      <div
        role="img"
        aria-label={
          address
            ? `Example photo with ${address}${viewerLine ? ' and the viewer’s name' : ''} in the bottom-right corner`
            : 'Example photo without a mark'
        }
        className="relative aspect-[4/3] w-full max-w-sm overflow-hidden rounded-xl bg-[linear-gradient(135deg,#f3c98b_0%,#e48a6c_45%,#6c5b9e_100%)]"
      >
        <div aria-hidden="true" className="absolute left-[12%] top-[14%] size-1/3 rounded-full bg-white/40" />
        {address ? (
          <div
            aria-hidden="true"
            className="absolute bottom-[4%] right-[4%] text-right font-bold leading-tight text-white/90 [font-size:clamp(0.75rem,3.6vw,1rem)] [paint-order:stroke] [text-shadow:0_0_3px_rgb(0_0_0/0.8),0_1px_2px_rgb(0_0_0/0.8)]"
          >
            <div>{address}</div>
            {viewerLine ? <div>@fan_name</div> : null}
          </div>
        ) : null}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Preview. The mark is sized to the photo, so it stays readable on a phone screenshot.
      </figcaption>
    </figure>
  );
}

function Editor({ saved, handle }: { saved: Settings; handle: string }) {
  const save = useSaveWatermark();
  const config = usePublicConfig();
  const switchLabel = useId();
  const switchHint = useId();
  const viewerId = useId();
  const viewerHint = useId();
  const shown = save.isPending && save.variables ? save.variables : saved;
  const on = shown.watermark === 'page';
  const host = new URL(config.data?.publicUrl ?? window.location.origin).host;
  const address = `${host}/${handle}`;

  const change = (next: Settings, done: string) =>
    save.mutate(next, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="grid gap-5 md:grid-cols-[1fr_minmax(0,20rem)] md:items-start">
      <div className="grid gap-4">
        <div className="flex items-center justify-between gap-3 rounded-xl border border-border px-3 py-2">
          <span className="flex min-w-0 flex-col leading-tight">
            <span id={switchLabel} className="text-sm font-medium">
              Show my page address on my photos and videos
            </span>
            <span id={switchHint} className="break-words text-xs text-muted-foreground">
              {on ? `On: ${address} in the corner` : 'Off: no mark'}
            </span>
          </span>
          <Switch.Root
            checked={on}
            disabled={save.isPending}
            aria-labelledby={switchLabel}
            aria-describedby={switchHint}
            onCheckedChange={(checked) =>
              change(
                { watermark: checked ? 'page' : 'off', viewerHandle: shown.viewerHandle },
                checked ? 'Your photos and new videos now show your page address' : 'The mark is off',
              )
            }
            className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
          >
            <Switch.Thumb className="pointer-events-none block size-5 translate-x-0.5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
          </Switch.Root>
        </div>

        <div className="flex items-start gap-3 px-1">
          <input
            id={viewerId}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary disabled:opacity-60"
            checked={shown.viewerHandle}
            disabled={!on || save.isPending}
            aria-describedby={viewerHint}
            onChange={(event) =>
              change(
                { watermark: shown.watermark, viewerHandle: event.target.checked },
                event.target.checked
                  ? 'Paid photos now also show who is viewing them'
                  : 'Paid photos no longer show who is viewing them',
              )
            }
          />
          <span className="grid gap-0.5">
            <label htmlFor={viewerId} className="text-sm font-medium">
              Also show the viewer’s name on paid photos
            </label>
            <span id={viewerHint} className="text-xs text-muted-foreground">
              Photos for subscribers, pay-per-view posts and paid messages carry the name of the fan who
              opened them. Photos only: videos are shared by all viewers.
            </span>
          </span>
        </div>

        <ul className="grid list-disc gap-1 pl-5 text-xs text-muted-foreground">
          <li>Photos show the mark as soon as you turn it on, including ones you already posted.</li>
          <li>Videos show it if you upload them after turning it on; earlier videos stay as they are.</li>
          <li>Blurred previews are never marked.</li>
        </ul>
      </div>
      <MarkPreview address={on ? address : null} viewerLine={on && shown.viewerHandle} />
    </div>
  );
}

/** Privacy & Safety, for creators: a visible mark on their photos and videos. */
export function WatermarkSettings() {
  const query = useWatermark();
  if (query.data === null) return null;
  return (
    <SettingsSection
      title="Watermark"
      description="A visible mark on your photos and videos, so a copy shared elsewhere leads back to your page."
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading watermark settings">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          {query.error.message}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Editor saved={query.data.settings} handle={query.data.handle} />
      )}
    </SettingsSection>
  );
}
