import {
  type ComponentProps,
  createContext,
  type Dispatch,
  type SetStateAction,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/utils.ts';

/**
 * A round picture with initials (or an icon) in its place, small enough for a first page
 * (docs/decisions/0032). The fallback shows until the picture has loaded, and again if it fails;
 * the picture sits on top, so it can be in the server's markup and start loading with the page.
 */
type ImageStatus = 'loading' | 'loaded' | 'error';

const AvatarContext = createContext<[ImageStatus, Dispatch<SetStateAction<ImageStatus>>] | null>(null);

export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  const status = useState<ImageStatus>('loading');
  return (
    <AvatarContext.Provider value={status}>
      <span
        className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)}
        {...props}
      />
    </AvatarContext.Provider>
  );
}

export function AvatarImage({ className, src, onLoad, onError, ...props }: ComponentProps<'img'>) {
  const [status, setStatus] = useContext(AvatarContext) ?? [];
  const image = useRef<HTMLImageElement>(null);
  // A picture that settled before this code ran (server markup) fires no event for us.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src is a new picture to wait for
  useLayoutEffect(() => {
    const element = image.current;
    if (!element?.complete || !element.currentSrc) return setStatus?.('loading');
    setStatus?.(element.naturalWidth > 0 ? 'loaded' : 'error');
  }, [src, setStatus]);
  if (!src || status === 'error') return null;
  return (
    // biome-ignore lint/a11y/useAltText: alt comes with the props (often "" beside a name)
    <img
      ref={image}
      src={src}
      className={cn('absolute inset-0 aspect-square size-full object-cover', className)}
      onLoad={(event) => {
        onLoad?.(event);
        setStatus?.('loaded');
      }}
      onError={(event) => {
        onError?.(event);
        setStatus?.('error');
      }}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  const [status] = useContext(AvatarContext) ?? [];
  if (status === 'loaded') return null;
  return (
    <span
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary',
        className,
      )}
      {...props}
    />
  );
}
