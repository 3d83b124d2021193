import { FileText, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathTo } from '#common/routes.ts';
import type { EarningsOverview } from '#common/schemas/earnings.ts';
import { usd } from '../format.ts';

const sales = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

function Ranking({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border p-4"
    >
      <h3 id={id} className="font-heading text-base font-semibold">
        {title}
      </h3>
      {children.length > 0 ? (
        <ol className="flex flex-col divide-y divide-border">{children}</ol>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

function Row({
  to,
  icon,
  text,
  earned,
  count,
}: {
  to: string;
  icon: ReactNode;
  text: string;
  earned: string;
  count: number;
}) {
  return (
    <li className="min-w-0">
      <Link
        to={to}
        className="flex min-w-0 items-center gap-3 rounded-md py-2 hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span aria-hidden="true" className="shrink-0 text-muted-foreground">
          {icon}
        </span>
        <span className="min-w-0 flex-1 truncate text-sm">{text}</span>
        <span className="shrink-0 text-right text-sm">
          <span className="block font-medium tabular-nums">{earned}</span>
          <span className="block text-xs text-muted-foreground">{sales(count)}</span>
        </span>
      </Link>
    </li>
  );
}

/** The posts and pay-per-view messages that earned the most in the range, each linking to itself. */
export function TopEarners({ overview }: { overview: EarningsOverview }) {
  const { currency } = overview;
  return (
    <div className="grid min-w-0 gap-3 @lg:grid-cols-2">
      <Ranking id="earnings-top-posts" title="Top posts" empty="No post unlocks in this range.">
        {overview.topPosts.map((post) => (
          <Row
            key={post.id}
            to={pathTo('post', { id: post.id })}
            icon={<FileText className="size-4" />}
            text={post.excerpt || 'Post without a description'}
            earned={usd(post.earned, currency)}
            count={post.sales}
          />
        ))}
      </Ranking>
      <Ranking id="earnings-top-messages" title="Top messages" empty="No message unlocks in this range.">
        {overview.topMessages.map((message) => (
          <Row
            key={message.id}
            to={`${pathTo('messages')}?c=${encodeURIComponent(message.conversationId)}`}
            icon={<MessageSquare className="size-4" />}
            text={message.excerpt || 'Photos and videos'}
            earned={usd(message.earned, currency)}
            count={message.sales}
          />
        ))}
      </Ranking>
    </div>
  );
}
