import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { planRules } from '#common/plans.ts';
import { pathTo } from '#common/routes.ts';
import { formatMoney } from '../format.ts';

const cardCheck = formatMoney({ amount: planRules.cardCheckAmount, currency: planRules.currency });

/** The answers describe what the product really does (docs/decisions/0008-payments.md). */
const questions: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'trial',
    question: 'Is there a free trial?',
    answer: `Yes. Every plan starts with a ${planRules.trialDays}-day free trial, once per account. We check your card with a ${cardCheck} charge that is refunded straight away, and the plan is charged only when the trial ends. Cancel before then and you pay nothing.`,
  },
  {
    id: 'change',
    question: 'Can I change my plan later?',
    answer:
      'Yes, at any time with Manage on this page. During the free trial the new plan applies at once. On a paid plan the change takes effect at your next renewal, which is charged at the new price, so you never pay twice for the same days.',
  },
  {
    id: 'data',
    question: 'What happens to my data if I cancel?',
    answer: (
      <>
        Nothing is deleted. Cancelling stops the renewal, and you keep your plan until the end of the period
        you paid for; your account and everything in it stay as they are, so you can pick a plan again at any
        time. To keep your own copy, use 'Download my data' in{' '}
        <Link
          to={`${pathTo('settings')}?tab=privacy-safety`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Settings &gt; Privacy &amp; Safety
        </Link>
        , whenever you like, with or without a plan.
      </>
    ),
  },
  {
    id: 'custom',
    question: 'Do you offer custom solutions?',
    answer: (
      <>
        Yes. For agencies with more than 10 agents, custom branding or integrations with your own systems,{' '}
        <Link to={pathTo('contact')} className="font-medium text-primary underline-offset-4 hover:underline">
          contact us
        </Link>{' '}
        and we will put together an Enterprise setup for you.
      </>
    ),
  },
  {
    id: 'setup-fee',
    question: 'Is there a setup fee?',
    answer: `No. You pay only the plan price shown, monthly or yearly. The ${cardCheck} card check at the start of a trial is refunded immediately.`,
  },
  {
    id: 'security',
    question: 'Is my data secure?',
    answer:
      'Yes. Card details are entered on our payment provider’s secure checkout and never reach our servers; we keep only a token to charge renewals. Everything travels over HTTPS, passwords are stored hashed, and your listings and leads are visible only to your account.',
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h2 id="faq-heading" className="text-center font-heading text-2xl font-bold tracking-tight">
        Frequently Asked Questions
      </h2>
      <Accordion.Root
        type="single"
        collapsible
        className="divide-y divide-border rounded-2xl border border-border"
      >
        {questions.map(({ id, question, answer }) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium transition-colors hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-sm text-muted-foreground">
              {answer}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
