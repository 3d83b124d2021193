import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import {
  defaultFontPreferences,
  type FontSlot,
  fontIds,
  fontLabels,
  resetFontPreferences,
  saveFontPreferences,
  useFontPreferences,
} from '../../../lib/fonts.ts';
import { toast } from '../../../lib/toast.ts';
import { FontPreview } from './font-preview.tsx';

const slotLabels: Record<FontSlot, { label: string; hint: string }> = {
  sans: { label: 'Body text', hint: 'Paragraphs, buttons and menus' },
  heading: { label: 'Headings', hint: 'Page and section titles' },
  mono: { label: 'Monospace', hint: 'Codes, numbers and technical text' },
};

const slotOrder: FontSlot[] = ['sans', 'heading', 'mono'];

/** Each change applies across the app at once and is saved on this device. */
export function FontSettingsForm() {
  const preferences = useFontPreferences();
  const id = useId();
  const isDefault = slotOrder.every((slot) => preferences[slot] === defaultFontPreferences[slot]);

  return (
    <div className="grid grid-cols-1 gap-6 @xl:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className="flex flex-col gap-5">
        {slotOrder.map((slot) => (
          <div key={slot} className="flex flex-col gap-2">
            <Label htmlFor={`${id}-${slot}`}>{slotLabels[slot].label}</Label>
            <NativeSelect
              id={`${id}-${slot}`}
              aria-describedby={`${id}-${slot}-hint`}
              value={preferences[slot]}
              onChange={(event) => {
                const font = fontIds.find((fontId) => fontId === event.target.value);
                if (font) saveFontPreferences({ ...preferences, [slot]: font });
              }}
            >
              {fontIds.map((font) => (
                <option key={font} value={font}>
                  {fontLabels[font]}
                </option>
              ))}
            </NativeSelect>
            <p id={`${id}-${slot}-hint`} className="text-xs text-muted-foreground">
              {slotLabels[slot].hint}
            </p>
          </div>
        ))}
        <Button
          variant="outline"
          className="self-start"
          disabled={isDefault}
          onClick={() => {
            resetFontPreferences();
            toast.success('Fonts reset to defaults');
          }}
        >
          <RotateCcw aria-hidden="true" />
          Reset to defaults
        </Button>
      </div>
      <FontPreview preferences={preferences} />
    </div>
  );
}
