import { CloudOff } from 'lucide-react';
import { EmptyState } from './empty-state.tsx';
import { Button } from './ui/button.tsx';

/** A failed load that is not a 404: say so and offer to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState icon={CloudOff} title="Something went wrong" description={message}>
      <Button onClick={onRetry}>Try again</Button>
    </EmptyState>
  );
}
