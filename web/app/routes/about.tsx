import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Prose } from '../../components/prose.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function AboutPage() {
  useDocumentTitle('About');
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title="About Fanplace" description="A home for creators and the fans who support them." />
      <Prose>
        <p>
          Fanplace is a place where creators publish photos and videos and fans discover, follow, subscribe to
          and message them. Creators decide what is free and what is exclusive: a post can be open to
          everyone, included in a monthly subscription, or unlocked with a one-time price.
        </p>
        <h2>For creators</h2>
        <ul>
          <li>Set up your page in a few steps: profile photo, banner, bio and your monthly price.</li>
          <li>Post photos and videos, free or locked, and see who subscribes.</li>
          <li>Talk to your fans directly and manage who can reach you.</li>
        </ul>
        <h2>For fans</h2>
        <ul>
          <li>Discover creators, follow them and keep up with their posts.</li>
          <li>Subscribe monthly or unlock single posts; pay only for what you want.</li>
          <li>Message the creators you support.</li>
        </ul>
        <h2>Open and self-hostable</h2>
        <p>
          Fanplace is open software. Anyone can run their own instance on their own server, with their own
          storage, email and payment provider, and keep full control of their community and its data.
        </p>
        <p>
          Ready to start? <Link to={pathTo('discover')}>Discover creators</Link> or{' '}
          <Link to={pathTo('creator')}>become a creator</Link>.
        </p>
      </Prose>
    </article>
  );
}

export { AboutPage as Component };
