import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { limits } from '#common/limits.ts';

/**
 * A visual label next to an icon-only control of the app's frame (top bar, collapsed rail), for the
 * mouse and the keyboard. The control names itself (`aria-label` or a visually hidden label), so the
 * hint adds nothing for screen readers. It is a few lines of its own instead of Radix's tooltip, which
 * brings floating-ui into every first page (docs/decisions/0032). Elsewhere use ui/tooltip.tsx.
 *
 * Like ui/tooltip.tsx: shown after 700 ms of hovering, or at once while moving from one hint to the
 * next within 300 ms, or on keyboard focus; hidden on leave, blur, click or Escape.
 */

type Side = 'bottom' | 'right';

/** When the last hint closed: moving on to the next one quickly skips the delay. */
let lastClosedAt = 0;

interface HintProps {
  label: string;
  side?: Side;
  /** One element that accepts pointer and focus handlers and a ref (a link, a button). */
  children: ReactElement;
}

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

const GAP_PX = 6;

function placeNextTo(trigger: HTMLElement, side: Side) {
  const rect = trigger.getBoundingClientRect();
  return side === 'right'
    ? { left: rect.right + GAP_PX, top: rect.top + rect.height / 2, transform: 'translateY(-50%)' }
    : { left: rect.left + rect.width / 2, top: rect.bottom + GAP_PX, transform: 'translateX(-50%)' };
}

export function Hint({ label, side = 'bottom', children }: HintProps) {
  const triggerRef = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Focus that follows a press is the pointer's, not the keyboard's. */
  const pressed = useRef(false);
  const [position, setPosition] = useState<ReturnType<typeof placeNextTo> | null>(null);

  const show = () => {
    if (triggerRef.current) setPosition(placeNextTo(triggerRef.current, side));
  };
  const hide = () => {
    clearTimeout(timer.current);
    setPosition((current) => {
      if (current) lastClosedAt = Date.now();
      return null;
    });
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!position) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    // A scrolled page moves the control away from where the hint was placed.
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, { passive: true, capture: true });
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  });

  const own = children.props as TriggerProps;
  const trigger = cloneElement(children as ReactElement<TriggerProps>, {
    ref: (node: HTMLElement | null) => {
      triggerRef.current = node;
      const ref = own.ref;
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as { current: HTMLElement | null }).current = node;
    },
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      clearTimeout(timer.current);
      const skip = Date.now() - lastClosedAt < limits.tooltip.skipDelayMs;
      timer.current = setTimeout(show, skip ? 0 : limits.tooltip.delayMs);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      pressed.current = true;
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (!pressed.current) show();
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      pressed.current = false;
      hide();
    },
  });

  return (
    <>
      {trigger}
      {position
        ? createPortal(
            <div
              aria-hidden="true"
              data-side={side}
              style={position}
              className="pointer-events-none fixed z-50 whitespace-nowrap rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md motion-safe:animate-fade-in"
            >
              {label}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
