import type { ReactNode } from 'react';
import { useRef } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';

interface ImageFileButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Names the file input for assistive technology and tests. */
  inputLabel: string;
  onFile: (file: File) => void;
  children: ReactNode;
}

/** A real button that opens the file picker; the native input stays out of the tab order. */
export function ImageFileButton({ inputLabel, onFile, children, ...props }: ImageFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button type="button" {...props} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={inputLabel}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
