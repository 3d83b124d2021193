import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Prose } from '../../components/prose.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title="Privacy Policy" description="What we collect, why, and the choices you have." />
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: your email address, name and password (stored only as a secure hash).</li>
          <li>What you post and send: photos, videos, profile text and messages.</li>
          <li>
            Payment records: what you bought and when. Card details are handled by the payment provider.
          </li>
          <li>Usage analytics, only if this site's operator has turned them on.</li>
        </ul>
        <h2>How we use it</h2>
        <p>
          To run your account, show your content to the people you chose, process payments, keep the service
          safe, and answer your support requests. We do not sell your personal information.
        </p>
        <h2>Your media</h2>
        <p>
          Location and camera details are removed from uploaded photos and videos. Locked content is shown
          only to people who subscribed or paid for it. Identity documents are never shown publicly.
        </p>
        <h2>Your choices</h2>
        <p>
          You can edit your profile, delete your posts, and close your account. To get a copy of your data or
          ask for it to be erased, <Link to={pathTo('contact')}>contact us</Link>.
        </p>
        <h2>On this device</h2>
        <p>
          The app keeps your sign-in, theme and font choices in your browser's local storage so they survive a
          reload. Signing out removes your sign-in.
        </p>
      </Prose>
    </article>
  );
}

export { PrivacyPage as Component };
