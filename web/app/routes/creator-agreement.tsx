import { Link } from 'react-router';
import { limits } from '#common/limits.ts';
import { pathTo } from '#common/routes.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Prose } from '../../components/prose.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function CreatorAgreementPage() {
  useDocumentTitle('Creator Agreement');
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader
        title="Content Creator Agreement"
        description="What creators agree to when they earn on Fanplace."
      />
      <Prose>
        <h2>Eligibility</h2>
        <p>
          Creators must be at least {limits.minimumAge} and verify their identity with a document. The
          document is reviewed by a person, kept private, and never shown to fans.
        </p>
        <h2>Your content and your fans</h2>
        <ul>
          <li>
            Everyone who appears in your content must be an adult who has agreed to appear and to be
            published.
          </li>
          <li>Locked content must match its description; fans pay for what you promise.</li>
          <li>
            You set your monthly subscription price and any one-time prices, and may change them for the
            future.
          </li>
        </ul>
        <h2>Earnings</h2>
        <p>
          Fans pay through the site's payment provider. A platform fee, shown before you publish paid content,
          is taken from each payment; the rest is your earning, recorded in your wallet. Refunds and
          chargebacks reduce earnings accordingly.
        </p>
        <h2>Ending the agreement</h2>
        <p>
          You may stop creating at any time. Active subscribers keep access until the end of the period they
          paid for. This agreement adds to the <Link to={pathTo('terms')}>Terms of Service</Link>, which also
          apply.
        </p>
      </Prose>
    </article>
  );
}

export { CreatorAgreementPage as Component };
