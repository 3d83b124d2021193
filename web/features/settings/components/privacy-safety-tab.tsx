import type { SessionUser } from '../../../lib/session.ts';
import { BlockedUsers } from './blocked-users.tsx';
import { RegionBlocking } from './region-blocking.tsx';
import { YourData } from './your-data.tsx';

export function PrivacySafetyTab({ user }: { user: SessionUser }) {
  return (
    <div className="flex flex-col gap-6">
      <BlockedUsers />
      <RegionBlocking />
      <YourData email={user.email} />
    </div>
  );
}
