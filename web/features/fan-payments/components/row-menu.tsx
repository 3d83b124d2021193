import { Ellipsis, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';

export interface RowMenuItem {
  label: string;
  icon: LucideIcon;
  /** Receives the menu button, where focus returns when a dialog it opens closes. */
  onSelect: (trigger: HTMLButtonElement | null) => void;
  destructive?: boolean;
  disabled?: boolean;
}

/** A row's '…' menu; non-modal, so a dialog opened from it takes focus cleanly. */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon-sm" className="rounded-full" aria-label={label}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map(({ label: itemLabel, icon: Icon, onSelect, destructive, disabled }) => (
          <DropdownMenuItem
            key={itemLabel}
            disabled={disabled}
            className={destructive ? 'text-destructive data-[highlighted]:text-destructive' : undefined}
            onSelect={() => onSelect(trigger.current)}
          >
            <Icon aria-hidden="true" />
            {itemLabel}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
