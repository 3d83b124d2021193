import { LoaderCircle, Monitor } from 'lucide-react';
import type { SessionView } from '#common/schemas/auth.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatLongDate, relativeTimeLabel } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useRevokeSession, useSessions } from '../../auth/index.ts';
import { settingsMessages } from '../form-schemas.ts';
import { describeDevice } from '../format.ts';

function SessionRow({ session }: { session: SessionView }) {
  const revoke = useRevokeSession();
  const device = describeDevice(session.userAgent);

  async function signOutDevice() {
    try {
      await revoke.mutateAsync(session.id);
      toast.success(settingsMessages.sessionRevoked);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Request failed');
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {device}
          {session.current ? <Badge variant="secondary">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current ? 'Active now' : `Last seen ${relativeTimeLabel(session.lastUsedAt)}`}
          {session.place ? ` · near ${session.place}` : ''}
          {session.ipAddress ? ` · ${session.ipAddress}` : ''} · Signed in on{' '}
          {formatLongDate(session.createdAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Revoke ${device}, last seen ${relativeTimeLabel(session.lastUsedAt)}`}
          onClick={() => void signOutDevice()}
        >
          {revoke.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in; any other device can be signed out from here. */
export function ActiveSessions() {
  const sessions = useSessions();
  return (
    <SettingsSection
      title="Active sessions"
      description="The devices signed in to your account. Revoke one you do not recognise."
    >
      {sessions.isPending ? (
        <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading sessions">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : sessions.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-destructive">Your sessions could not be loaded.</span>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-border" aria-label="Signed-in devices">
          {/* This device first, then the others as the server orders them (most recently used). */}
          {[...sessions.data]
            .sort((a, b) => Number(b.current) - Number(a.current))
            .map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
        </ul>
      )}
    </SettingsSection>
  );
}
