import { type FontPreferences, fontLabels, fontStack } from '../../../lib/fonts.ts';

/** Shows the chosen fonts together, the way pages will use them. */
export function FontPreview({ preferences }: { preferences: FontPreferences }) {
  return (
    <section aria-labelledby="font-preview-heading" className="rounded-2xl border border-border bg-card p-6">
      <h2
        id="font-preview-heading"
        className="mb-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Preview
      </h2>
      <p
        className="text-2xl font-bold tracking-tight"
        style={{ fontFamily: fontStack(preferences.heading, 'heading') }}
      >
        Discover new and exciting creators
      </p>
      <p className="mt-3 leading-relaxed" style={{ fontFamily: fontStack(preferences.sans, 'sans') }}>
        Follow the people whose photos and videos you love, subscribe for exclusive posts, and message them
        directly. The quick brown fox jumps over the lazy dog.
      </p>
      {/* Wraps instead of scrolling sideways: a scrolling region would need its own keyboard stop. */}
      <pre
        className="mt-4 rounded-lg bg-muted px-4 py-3 text-sm break-all whitespace-pre-wrap"
        style={{ fontFamily: fontStack(preferences.mono, 'mono') }}
      >
        <code>{`@fanplace · 0123456789 · {}[]()=>`}</code>
      </pre>
      <p className="mt-4 text-xs text-muted-foreground">
        Headings: {fontLabels[preferences.heading]} · Body: {fontLabels[preferences.sans]} · Monospace:{' '}
        {fontLabels[preferences.mono]}
      </p>
    </section>
  );
}
