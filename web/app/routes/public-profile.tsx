import { useParams } from 'react-router';
import { PublicProfileView } from '../../features/creators/components/public-profile-view.tsx';

function PublicProfilePage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl">
      {/* A new key per creator: nothing from the previous page (open dialogs, chosen tab) carries over. */}
      <PublicProfileView key={id} idOrHandle={id} />
    </div>
  );
}

export { PublicProfilePage as Component };
