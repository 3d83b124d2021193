import { SettingsSection } from '../../../components/settings-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showActionError } from '../../../lib/action-error.ts';
import { useNotificationSettings, useUpdateNotificationSetting } from '../api/notification-settings.ts';
import { IosInstallHint } from './ios-install-hint.tsx';
import { PushSettings } from './push-settings.tsx';

/** A kind that has no such way: a dash, and its reason for screen readers. */
function NotSent({ reason }: { reason: string }) {
  return (
    <span className="text-muted-foreground" title={reason}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{reason}</span>
    </span>
  );
}

/**
 * Per kind of notification: in the app (the bell), by email for the kinds that have one, and by
 * push to the devices that turned push on.
 */
export function NotificationSettingsSection() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSetting();
  const change = (kind: Parameters<typeof update.mutate>[0]) =>
    update.mutate(kind, { onError: (error) => showActionError(error, 'Could not save your choice') });

  return (
    <SettingsSection
      title="Notifications"
      description="Choose what you hear about, in the app, by email and by push."
    >
      <IosInstallHint />
      <PushSettings />
      {settings.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading your notification choices…</span>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : settings.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>Your choices could not be loaded. {settings.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                What
              </th>
              <th scope="col" className="w-14 py-2 text-center font-medium sm:w-20">
                In the app
              </th>
              <th scope="col" className="w-14 py-2 text-center font-medium sm:w-20">
                By email
              </th>
              <th scope="col" className="w-14 py-2 text-center font-medium sm:w-20">
                Push
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.data.items.map((item) => (
              <tr key={item.kind} className="border-t border-border">
                <th scope="row" className="py-3 text-left font-normal">
                  {item.label}
                </th>
                <td className="text-center">
                  {item.inApp === null ? (
                    <NotSent reason="Shown in its own place in the app" />
                  ) : (
                    <input
                      type="checkbox"
                      className="size-5 accent-primary"
                      aria-label={`${item.label} in the app`}
                      checked={item.inApp}
                      onChange={(event) => change({ kind: item.kind, inApp: event.target.checked })}
                    />
                  )}
                </td>
                <td className="text-center">
                  {item.email === null ? (
                    <NotSent reason="Not sent by email" />
                  ) : (
                    <input
                      type="checkbox"
                      className="size-5 accent-primary"
                      aria-label={`${item.label} by email`}
                      checked={item.email}
                      onChange={(event) => change({ kind: item.kind, email: event.target.checked })}
                    />
                  )}
                </td>
                <td className="text-center">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    aria-label={`${item.label} by push`}
                    checked={item.push}
                    onChange={(event) => change({ kind: item.kind, push: event.target.checked })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsSection>
  );
}
