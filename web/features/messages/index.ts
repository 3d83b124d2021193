/**
 * What other features use of messages: its public surface. Other features import from this file
 * only (a Biome rule in biome.json enforces it).
 */

export { ComposerAttachments } from './components/composer-attachments.tsx';
export { PurchasedMessages } from './components/purchased-messages.tsx';
export {
  type AttachedItem,
  type AttachmentProgress,
  uploadAttachedItems,
} from './use-send-attachment.ts';
