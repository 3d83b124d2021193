import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FontSettingsForm } from '../../features/appearance/components/font-settings-form.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function FontSettingsPage() {
  useDocumentTitle('Font Settings');
  return (
    <div className="mx-auto max-w-4xl">
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
        <Link to={pathTo('settings')}>
          <ArrowLeft aria-hidden="true" />
          Settings
        </Link>
      </Button>
      <PageHeader
        title="Font Settings"
        description="Pick the fonts Fanplace uses on this device. Changes apply at once."
      />
      <FontSettingsForm />
    </div>
  );
}

export { FontSettingsPage as Component };
