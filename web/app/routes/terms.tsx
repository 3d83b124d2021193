import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Prose } from '../../components/prose.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title="Terms of Service" description="The rules for using Fanplace, in plain words." />
      <Prose>
        <h2>Who may use Fanplace</h2>
        <p>
          You must be at least {limits.minimumAge} years old to create an account. You are responsible for
          your account and for keeping your password safe.
        </p>
        <h2>Your content</h2>
        <p>
          You keep the rights to what you post. By posting, you allow Fanplace to store, process and show it
          to the people you choose (everyone, your subscribers, or buyers of a locked post). Post only what
          you created or have the right to share.
        </p>
        <h2>Marked copies</h2>
        <p>
          Every photo you are shown carries an invisible mark that names that copy, and a creator may add a
          visible one with their page address or your name. A creator may also have a video made so that the
          copy each viewer streams is their own, so a recording of it names that copy too. If a copy is shared
          where it should not be, the mark tells its creator and Fanplace which account it was given to; that
          account may be suspended. Sharing a creator's paid content outside Fanplace is not allowed.
        </p>
        <h2>What is not allowed</h2>
        <ul>
          <li>Content involving anyone under {limits.minimumAge}, or anyone who has not consented.</li>
          <li>Harassment, threats, hate, or sharing someone else's private information.</li>
          <li>Spam, fraud, impersonation, or attempts to break or overload the service.</li>
        </ul>
        <h2>Payments</h2>
        <p>
          Subscriptions renew until you cancel them. Prices are shown before you pay. Purchases of locked
          posts are final unless the law where you live says otherwise.
        </p>
        <h2>Ending an account</h2>
        <p>
          You may close your account at any time. We may suspend accounts that break these terms, and we will
          tell you why when we can.
        </p>
        <p>
          See also the <Link to={pathTo('privacy')}>Privacy Policy</Link> and the{' '}
          <Link to={pathTo('creatorAgreement')}>Creator Agreement</Link>.
        </p>
      </Prose>
    </article>
  );
}

export { TermsPage as Component };
