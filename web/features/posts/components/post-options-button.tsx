import { Ellipsis } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** The "Post options" button: the menu's trigger, and the stand-in for it until the first press. */
export function PostOptionsButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon-sm" className="rounded-full" aria-label="Post options" {...props}>
      <Ellipsis aria-hidden="true" />
    </Button>
  );
}
