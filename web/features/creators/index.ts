/**
 * What other features use of creators: its public surface. Other features import from this file only
 * (a Biome rule in biome.json enforces it); everything else in the folder is the feature's own.
 */
export { creatorQueryOptions } from './api/get-creator.ts';
export { type CreatorStanding, useCreatorStanding, useMyCreator } from './api/get-my-creator.ts';
export type { BundleInputs } from './bundles.ts';
export { CreatorCard } from './components/creator-card.tsx';
export { CreatorListSkeleton } from './components/creator-list-skeleton.tsx';
export { ImageFileButton } from './components/image-file-button.tsx';
export { SubscriptionBundlesField } from './components/subscription-bundles-field.tsx';
export { creatorInitials } from './format.ts';
