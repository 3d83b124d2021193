import { CreditCard, LifeBuoy, type LucideIcon, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { type SettingsTabId, settingsTabFrom, settingsTabs } from '../settings-tabs.ts';

const icons: Record<SettingsTabId, LucideIcon> = {
  account: UserRound,
  payments: CreditCard,
  'privacy-safety': ShieldCheck,
  support: LifeBuoy,
};

/**
 * The four Settings tabs. The open tab lives in the URL (`?tab=support`), so a link can open one and
 * a reload keeps it; arrow keys move between tabs (Radix), Tab moves into the panel.
 */
export function SettingsTabsView({ panels }: { panels: Record<SettingsTabId, ReactNode> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = settingsTabFrom(searchParams.get('tab'));

  function open(value: string) {
    const next = new URLSearchParams(searchParams);
    next.set('tab', settingsTabFrom(value));
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }

  return (
    <Tabs value={current} onValueChange={open} className="flex flex-col">
      {/* On a phone the four tabs sit in a 2 x 2 grid, so none hides off-screen. */}
      <TabsList
        aria-label="Settings"
        className="grid grid-cols-2 gap-2 border-b-0 sm:flex sm:gap-1 sm:border-b"
      >
        {settingsTabs.map(({ id, label }) => {
          const Icon = icons[id];
          return (
            <TabsTrigger
              key={id}
              value={id}
              className="justify-center rounded-lg border border-border px-3 max-sm:mb-0 max-sm:whitespace-normal max-sm:data-[state=active]:border-primary max-sm:data-[state=active]:bg-primary/10 sm:justify-start sm:rounded-none sm:border-0 sm:border-b-2 sm:border-transparent sm:px-4"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {settingsTabs.map(({ id }) => (
        <TabsContent key={id} value={id} className="pt-6">
          {panels[id]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
