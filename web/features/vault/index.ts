/**
 * What other features use of the vault (a creator's library of uploads): its public surface. Other
 * features import from this file only (a Biome rule in biome.json enforces it).
 */
export { VaultPicker } from './components/vault-picker.tsx';
export { VaultThumb } from './components/vault-thumb.tsx';
