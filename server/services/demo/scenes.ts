import type { Motif } from './catalog.ts';
import { between, mix, n, type Random } from './random.ts';

type Palette = readonly [string, string, string];

export interface Scene {
  defs: string;
  body: string;
}

interface Frame {
  width: number;
  height: number;
  palette: Palette;
  random: Random;
}

const sky = (id: string, stops: [number, string][]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

const glow = (id: string, color: string, opacity: number) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>` +
  `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

function sunset({ width: w, height: h, palette: [dark, middle, light], random }: Frame): Scene {
  const horizon = h * between(random, 0.55, 0.68);
  const sunX = w * between(random, 0.3, 0.7);
  const r = Math.min(w, h) * between(random, 0.16, 0.24);
  const stripes = Array.from({ length: 6 }, (_, i) => {
    const y = horizon - r * 0.55 + i * r * 0.14;
    return `<rect x="${n(sunX - r)}" y="${n(y)}" width="${n(2 * r)}" height="${n(2 + i * 2.4)}" fill="${mix(middle, light, i / 8)}"/>`;
  }).join('');
  const ripples = Array.from({ length: 14 }, () => {
    const y = between(random, horizon + 8, h * 0.97);
    const spread = ((y - horizon) / (h - horizon)) * r * 1.6 + r * 0.4;
    const length = between(random, 0.2, 0.8) * spread;
    return `<rect x="${n(sunX - length / 2 + between(random, -spread, spread) * 0.3)}" y="${n(y)}" width="${n(length)}" height="${n(between(random, 2, 6))}" rx="3" fill="${light}" opacity="${n(between(random, 0.25, 0.6))}"/>`;
  }).join('');
  return {
    defs:
      sky('sky', [
        [0, dark],
        [0.6, middle],
        [1, light],
      ]) +
      sky('sea', [
        [0, mix(middle, dark, 0.3)],
        [1, dark],
      ]) +
      glow('sun-glow', light, 0.8),
    body:
      `<rect width="${w}" height="${n(horizon)}" fill="url(#sky)"/>` +
      `<circle cx="${n(sunX)}" cy="${n(horizon)}" r="${n(r * 2.4)}" fill="url(#sun-glow)"/>` +
      `<circle cx="${n(sunX)}" cy="${n(horizon)}" r="${n(r)}" fill="${mix(light, '#ffffff', 0.35)}"/>${stripes}` +
      `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#sea)"/>${ripples}`,
  };
}

function ridge(random: Random, w: number, base: number, amplitude: number): string {
  const points = [`0,${n(base)}`];
  const steps = 9;
  for (let i = 0; i <= steps; i += 1) {
    points.push(`${n((w * i) / steps)},${n(base - between(random, 0.2, 1) * amplitude)}`);
  }
  return points.join(' ');
}

function mountains({ width: w, height: h, palette: [dark, middle, light], random }: Frame): Scene {
  const layers = Array.from({ length: 4 }, (_, i) => {
    const base = h * (0.55 + i * 0.12);
    const top = ridge(random, w, base, h * (0.28 - i * 0.04));
    const color = mix(mix(middle, light, 0.35), dark, (i + 1) / 4.5);
    return (
      `<polygon points="${top} ${w},${h} 0,${h}" fill="${color}"/>` +
      `<rect y="${n(base - h * 0.05)}" width="${w}" height="${n(h * 0.12)}" fill="url(#fog)"/>`
    );
  }).join('');
  const moonX = w * between(random, 0.2, 0.8);
  const moonY = h * between(random, 0.14, 0.3);
  const r = Math.min(w, h) * 0.07;
  return {
    defs:
      sky('sky', [
        [0, dark],
        [0.55, middle],
        [1, light],
      ]) +
      `<linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/>` +
      `<stop offset="0.5" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
      glow('moon-glow', '#ffffff', 0.5),
    body:
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
      `<circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(r * 4)}" fill="url(#moon-glow)"/>` +
      `<circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(r)}" fill="#fdfbf3"/>${layers}`,
  };
}

function bokeh({ width: w, height: h, palette: [pale, middle, strong], random }: Frame): Scene {
  const colors = [middle, strong, '#ffffff', mix(strong, middle, 0.5)];
  // Soft edges from radial gradients: as out of focus as a blur filter, at a fraction of the cost.
  const lights = colors
    .map(
      (color, i) =>
        `<radialGradient id="light-${i}"><stop offset="0" stop-color="${color}"/>` +
        `<stop offset="0.7" stop-color="${color}" stop-opacity="0.8"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    )
    .join('');
  const circles = Array.from({ length: 46 }, (_, i) => {
    const r = Math.min(w, h) * between(random, 0.02, 0.16);
    const fill = i % 3 === 2 ? colors[i % colors.length] : `url(#light-${i % colors.length})`;
    return `<circle cx="${n(between(random, 0, w))}" cy="${n(between(random, 0, h))}" r="${n(r)}" fill="${fill}" opacity="${n(between(random, 0.15, 0.55))}"/>`;
  }).join('');
  return {
    defs:
      `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pale}"/>` +
      `<stop offset="1" stop-color="${middle}"/></linearGradient>${lights}`,
    body: `<rect width="${w}" height="${h}" fill="url(#bg)"/>${circles}`,
  };
}

function waves({ width: w, height: h, palette: [dark, middle, light], random }: Frame): Scene {
  const bands = Array.from({ length: 7 }, (_, i) => {
    const base = h * (0.3 + i * 0.1);
    const amplitude = h * between(random, 0.03, 0.08);
    const phase = between(random, 0, Math.PI * 2);
    const cycles = between(random, 1, 2.5);
    const points: string[] = [];
    for (let x = 0; x <= w; x += w / 48) {
      points.push(`${n(x)},${n(base + Math.sin((x / w) * Math.PI * 2 * cycles + phase) * amplitude)}`);
    }
    return `<path d="M0,${h} L${points.join(' L')} L${w},${h} Z" fill="${mix(middle, light, i / 7)}" opacity="${n(0.35 + i * 0.08)}"/>`;
  }).join('');
  const stars = Array.from({ length: 40 }, () => {
    return `<circle cx="${n(between(random, 0, w))}" cy="${n(between(random, 0, h * 0.35))}" r="${n(between(random, 0.8, 2.6))}" fill="#ffffff" opacity="${n(between(random, 0.3, 0.9))}"/>`;
  }).join('');
  return {
    defs: sky('sky', [
      [0, dark],
      [1, mix(dark, middle, 0.6)],
    ]),
    body: `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars}${bands}`,
  };
}

function geometric({ width: w, height: h, palette: [dark, middle, light], random }: Frame): Scene {
  const size = Math.min(w, h) / 5;
  const shapes: string[] = [];
  for (let y = -size / 2; y < h + size; y += size) {
    for (let x = -size / 2; x < w + size; x += size) {
      if (random() < 0.45) continue;
      const color = [middle, light, '#ffffff', mix(middle, light, 0.5)][Math.floor(random() * 4)];
      const opacity = n(between(random, 0.2, 0.75));
      const kind = random();
      const rotate = Math.floor(random() * 4) * 90;
      const transform = `transform="rotate(${rotate} ${n(x + size / 2)} ${n(y + size / 2)})"`;
      if (kind < 0.35)
        shapes.push(
          `<circle cx="${n(x + size / 2)}" cy="${n(y + size / 2)}" r="${n(size * 0.38)}" fill="${color}" opacity="${opacity}"/>`,
        );
      else if (kind < 0.7)
        shapes.push(
          `<polygon points="${n(x)},${n(y)} ${n(x + size)},${n(y)} ${n(x)},${n(y + size)}" fill="${color}" opacity="${opacity}" ${transform}/>`,
        );
      else
        shapes.push(
          `<path d="M${n(x)},${n(y + size)} A${n(size)},${n(size)} 0 0 1 ${n(x + size)},${n(y)} L${n(x + size)},${n(y + size)} Z" fill="${color}" opacity="${opacity}" ${transform}/>`,
        );
    }
  }
  return {
    defs:
      `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/>` +
      `<stop offset="1" stop-color="${mix(dark, middle, 0.5)}"/></linearGradient>`,
    body: `<rect width="${w}" height="${h}" fill="url(#bg)"/>${shapes.join('')}`,
  };
}

const MOTIFS: Record<Motif, (frame: Frame) => Scene> = { sunset, mountains, bokeh, waves, geometric };

export function scene(motif: Motif, frame: Frame): Scene {
  return MOTIFS[motif](frame);
}
