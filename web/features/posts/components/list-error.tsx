import { CloudOff } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The first page failed: say why and offer to ask again. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState icon={CloudOff} title="Posts could not be loaded" description={message}>
      <Button onClick={onRetry}>Try again</Button>
    </EmptyState>
  );
}
