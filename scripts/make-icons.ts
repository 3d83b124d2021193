/**
 * node scripts/make-icons.ts: the app's PNG icons (web/public/icons/), made from the logo
 * (web/public/favicon.svg). Run again after the logo changes and commit the PNGs: the web app
 * manifest, iOS (apple-touch-icon) and notifications (web/sw/push.ts) ask for them.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';

const web = fileURLToPath(new URL('../web/public', import.meta.url));
const out = path.join(web, 'icons');
const logo = readFileSync(path.join(web, 'favicon.svg'));
/** The logo's tile colour: a maskable icon's background must reach the edges in it. */
const TILE = '#5b45d6';
mkdirSync(out, { recursive: true });

/** The logo drawn at `size` px (an SVG rasterized at the density that gives that size). */
const drawn = (size: number) =>
  sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png();

/**
 * The logo at `share` of a full-bleed tile of its own colour: launchers crop maskable icons to a
 * circle or squircle (the safe zone is the middle 80%), and iOS rounds the corners itself.
 */
async function onTile(size: number, share: number) {
  const inner = Math.round(size * share);
  return sharp({ create: { width: size, height: size, channels: 4, background: TILE } })
    .composite([{ input: await drawn(inner).toBuffer(), gravity: 'centre' }])
    .png();
}

/** Android draws a notification's badge from its alpha channel alone: the letter and dot in white. */
const badge = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="5.75 4.25 24 24">' +
    '<path d="M11 23V9h10v3.2h-6.6v2.5h5.8v3.1h-5.8V23z" fill="#fff"/>' +
    '<circle cx="22.5" cy="21.5" r="2" fill="#fff"/></svg>',
);

const files: [string, Sharp][] = [
  ['icon-192.png', drawn(192)],
  ['icon-512.png', drawn(512)],
  ['icon-maskable-512.png', await onTile(512, 0.8)],
  ['apple-touch-icon.png', await onTile(180, 0.86)],
  [
    'badge-96.png',
    sharp(badge, { density: (72 * 96) / 24 })
      .resize(96, 96)
      .png(),
  ],
];
for (const [name, image] of files) {
  await image.toFile(path.join(out, name));
  console.info(`web/public/icons/${name}`);
}
