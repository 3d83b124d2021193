import { PageHeader } from '../../components/page-header.tsx';
import { TraceLeakView } from '../../features/leaks/index.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function TraceLeakPage() {
  useDocumentTitle('Trace a leak');
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Trace a leak"
        description="Found one of your photos somewhere it should not be? Upload the copy: we tell you which account it was delivered to, and when."
      />
      <TraceLeakView />
    </div>
  );
}

export { TraceLeakPage as Component };
