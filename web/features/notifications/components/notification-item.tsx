import {
  BadgeCheck,
  Banknote,
  CalendarCheck,
  CreditCard,
  Gift,
  Heart,
  ImagePlus,
  LockKeyhole,
  type LucideIcon,
  MessageCircle,
  MessageSquare,
  Reply,
  ShoppingBag,
  Star,
  UserPlus,
} from 'lucide-react';
import type { NotificationKind, NotificationView } from '#common/events.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { relativeTimeLabel } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';

const kindIcons: Record<NotificationKind, LucideIcon> = {
  follow: UserPlus,
  subscribe: Star,
  purchase: ShoppingBag,
  tip: Gift,
  like: Heart,
  comment: MessageCircle,
  reply: Reply,
  post_published: CalendarCheck,
  payout: Banknote,
  renewal_failed: CreditCard,
  price_change: CreditCard,
  creator_review: BadgeCheck,
  // Pushed only (never in the bell), named for completeness.
  message: MessageSquare,
  paid_message: LockKeyhole,
  new_post: ImagePlus,
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** One line of the bell's list: who, what, when, and a dot while it is new. */
export function NotificationItem({ notification }: { notification: NotificationView }) {
  const Icon = kindIcons[notification.kind] ?? Star;
  const { actor } = notification;
  return (
    <div className="flex w-full min-w-0 items-start gap-3">
      <span className="relative shrink-0">
        <Avatar className="size-9">
          {actor?.avatarUrl ? <AvatarImage src={actor.avatarUrl} alt="" /> : null}
          <AvatarFallback>{actor ? initials(actor.name) : <Icon aria-hidden="true" />}</AvatarFallback>
        </Avatar>
        <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full bg-background text-primary ring-1 ring-border [&_svg]:size-3">
          <Icon aria-hidden="true" />
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm leading-snug', !notification.read && 'font-semibold')}>
          {notification.text}
        </span>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {relativeTimeLabel(notification.createdAt)}
        </time>
      </span>
      {notification.read ? null : (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
          <span className="sr-only">New</span>
        </span>
      )}
    </div>
  );
}
