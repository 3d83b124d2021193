/**
 * An upload still being converted. A module of its own: a feed card shows only this, and the rest
 * of the media wording (common/schemas/media-messages.ts) would come with it.
 */
export const processingMessage = 'Processing...';
