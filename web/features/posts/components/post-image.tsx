import type { MediaView } from '#common/schemas/media.ts';
import { cn } from '../../../lib/utils.ts';

interface PostImageProps {
  media: MediaView;
  alt: string;
  /** How wide the image is drawn, so the browser picks the right rendition. */
  sizes: string;
  /** The first card is the page's largest paint: load it at once instead of lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * An unlocked image: WebP renditions as a srcset, the JPEG fallback for the rest, and its own width
 * and height so the box is reserved before a byte arrives.
 */
export function PostImage({ media, alt, sizes, priority = false, className }: PostImageProps) {
  const webp = media.urls.sources.filter((source) => source.type === 'image/webp');
  const fallback =
    media.urls.sources.find((source) => source.type === 'image/jpeg')?.url ?? media.url ?? webp.at(-1)?.url;
  if (!fallback) return null;
  return (
    <picture>
      {webp.length > 0 ? (
        <source
          type="image/webp"
          srcSet={webp.map((source) => `${source.url} ${source.width}w`).join(', ')}
          sizes={sizes}
        />
      ) : null}
      <img
        src={fallback}
        alt={alt}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={cn('block size-full', className)}
      />
    </picture>
  );
}
