import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** The top bar's bell, with the unread count on it. */
export function BellButton({ unread, ...props }: ComponentProps<typeof Button> & { unread: number }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative rounded-full"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      {...props}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground ring-2 ring-background"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Button>
  );
}
