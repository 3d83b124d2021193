/** The four tabs of Settings (spec section 2), as they appear in the `?tab=` query. */
export const settingsTabs = [
  { id: 'account', label: 'Account' },
  { id: 'payments', label: 'Payment & Subscription' },
  { id: 'privacy-safety', label: 'Privacy & Safety' },
  { id: 'support', label: 'Support' },
] as const;

export type SettingsTabId = (typeof settingsTabs)[number]['id'];

export const defaultSettingsTab: SettingsTabId = 'account';

/** The tab a link asked for; anything unknown (or nothing) opens Account. */
export function settingsTabFrom(value: string | null): SettingsTabId {
  return settingsTabs.find((tab) => tab.id === value)?.id ?? defaultSettingsTab;
}
