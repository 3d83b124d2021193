import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { routes } from '#common/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useMessageSettings } from '../api/message-settings.ts';

/** For creators (who have message settings): the way to write to many fans at once. */
export function MassMessageLink({ userId }: { userId: string }) {
  const settings = useMessageSettings(userId);
  if (!settings.data) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={routes.massMessages}>
        <Megaphone aria-hidden="true" />
        Mass message
      </Link>
    </Button>
  );
}
