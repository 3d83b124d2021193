import type { SessionUser } from '../../../lib/session.ts';
import { BlockedUsers } from './blocked-users.tsx';
import { RegionBlocking } from './region-blocking.tsx';
import { WatermarkSettings } from './watermark-settings.tsx';
import { YourData } from './your-data.tsx';

/**
 * Blocked users, your data and, for a creator (`isCreator`), the countries their page is hidden in
 * and the watermark on their photos and videos.
 */
export function PrivacySafetyTab({ user, isCreator }: { user: SessionUser; isCreator: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <BlockedUsers />
      {isCreator ? <RegionBlocking /> : null}
      {isCreator ? <WatermarkSettings /> : null}
      <YourData email={user.email} />
    </div>
  );
}
