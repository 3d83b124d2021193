/**
 * What other features use of mass messages: its public surface. Other features import from this
 * file only (a Biome rule in biome.json enforces it).
 */
export { FanListsDialog } from './components/fan-lists-dialog.tsx';
export { MassMessagesPage } from './components/mass-messages-page.tsx';
