import type { CreatorProfile } from '#common/schemas/creators.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatCount } from '../format.ts';

/** Photos, videos, likes and followers; the full number is read out, the short one is shown. */
export function ProfileStats({ counts }: { counts: CreatorProfile['counts'] }) {
  const stats = [
    { label: 'Photos', value: counts.photos },
    { label: 'Videos', value: counts.videos },
    { label: 'Likes', value: counts.likes },
    { label: 'Followers', value: counts.followers },
  ];
  return (
    <dl className="grid grid-cols-4 gap-2 text-center sm:flex sm:gap-6 sm:text-left">
      {stats.map(({ label, value }) => (
        <div key={label} className="flex flex-col-reverse">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-heading text-lg font-semibold" title={formatNumber(value)}>
            {formatCount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
