/**
 * What other features use of settings: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { useUnblockUser } from './api/unblock-user.ts';
export { SettingsSection } from './components/settings-section.tsx';
