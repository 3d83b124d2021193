import { Bot, Building2, type LucideIcon, Magnet } from 'lucide-react';

const benefits: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Bot,
    title: 'An AI buyer guide on every listing',
    text: 'Buyers ask about price, neighbourhood, size and viewing times at any hour and get answers from your listing, so you hear from people who are ready to talk.',
  },
  {
    icon: Building2,
    title: 'Listings that look professional',
    text: 'Publish properties with photos, video and the details buyers compare, and share one link that works on every phone.',
  },
  {
    icon: Magnet,
    title: 'Lead capture that follows up',
    text: 'Every enquiry lands in one list with its contact details and the listing it came from, and you get an email the moment it arrives.',
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-heading" className="flex flex-col gap-6">
      <div className="text-center">
        <h2 id="why-heading" className="font-heading text-2xl font-bold tracking-tight">
          Why Choose Fanplace for Agents
        </h2>
        <p className="mt-1.5 text-muted-foreground">
          Everything an agent needs to turn listings into viewings.
        </p>
      </div>
      <ul className="grid gap-4 @xl:grid-cols-3">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-border bg-card p-5">
            <span className="mb-3 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="font-heading font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
