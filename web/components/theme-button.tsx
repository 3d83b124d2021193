import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTheme } from '../lib/theme.ts';
import { Button } from './ui/button.tsx';

const labels = { light: 'Light', dark: 'Dark', system: 'System' } as const;

/** The theme menu's trigger: shows the theme in effect and names the chosen setting. */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const { theme, resolved } = useTheme();
  const Icon = resolved === 'dark' ? Moon : Sun;
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${labels[theme]}. Change theme`} {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
