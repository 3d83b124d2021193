import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import {
  jpeg,
  jpegWithGps,
  jpegZipPolyglot,
  png,
  pngBomb,
  svgWithScript,
  truncatedJpeg,
} from './media-fixtures.ts';

/**
 * A generated corpus of hostile files (at least 200), built on the fixtures in media-fixtures.ts.
 * Each says what must happen to it: refused with a clear message, or re-encoded (then no served
 * variant may keep its metadata or its smuggled payload).
 */
export interface HostileFile {
  name: string;
  data: Buffer;
  /** Declared by the client (the server must not believe it). */
  type: string;
  filename: string;
  /** Which upload route it goes to. */
  target: 'profile' | 'property' | 'banner' | 'identity-document';
  expect: 'refused' | 'refused-or-reencoded' | 'reencoded';
  /** Bytes that must not survive into any served variant. */
  secrets?: string[];
}

const HTML =
  '<html><body><script>fetch("/api/auth/profile").then(r=>r.text()).then(alert)</script></body></html>';
const GPS_SECRETS = ['Leaky 3000', 'Fanplace Test Camera', 'GPS'];

const gifHeader = (width: number, height: number) => {
  const header = Buffer.from('GIF89a\0\0\0\0\x80\0\0', 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  return header;
};

/** A GIF whose header is also the start of a JavaScript comment: `GIF89a/*...*\/=alert(1)`. */
function gifJsPolyglot(payload: string): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'),
    Buffer.from([0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2c]),
    Buffer.from(`*/=1;${payload};/*`, 'latin1'),
    Buffer.from([0x3b]),
  ]);
}

/** A JPEG whose frame header claims `width` x `height` (the pixel data stays small). */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const image = Buffer.from(await jpeg(64, 64));
  for (let index = 0; index < image.length - 9; index += 1) {
    if (image[index] === 0xff && (image[index + 1] === 0xc0 || image[index + 1] === 0xc2)) {
      image.writeUInt16BE(height, index + 5);
      image.writeUInt16BE(width, index + 7);
      break;
    }
  }
  return image;
}

async function withMetadata(orientation: number, extra: 'xmp' | 'icc' | 'comment' | 'none'): Promise<Buffer> {
  let image = sharp(await jpegWithGps())
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: 'Fanplace Test Camera', Model: 'Leaky 3000', Copyright: 'Owner Name' },
    });
  if (extra === 'xmp') {
    image = image.withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Leaky 3000 GPS XMP</dc:creator>' +
        '</rdf:Description></rdf:RDF></x:xmpmeta>',
    );
  }
  if (extra === 'icc') image = image.withIccProfile('p3');
  const out = await image.jpeg().toBuffer();
  if (extra !== 'comment') return out;
  // A COM segment with a script, right after SOI.
  const comment = Buffer.from(`${HTML} Leaky 3000`, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([out.subarray(0, 2), segment, comment, out.subarray(2)]);
}

export async function hostileCorpus(): Promise<HostileFile[]> {
  const files: HostileFile[] = [];
  const add = (file: HostileFile) => files.push(file);
  const imageTargets = ['profile', 'property', 'banner'] as const;

  // Polyglots: an image with a page or a script appended, a GIF that is also JavaScript, JPEG+ZIP.
  for (const [index, size] of [32, 64, 128, 256, 512].entries()) {
    for (const target of imageTargets) {
      add({
        name: `JPEG+HTML ${size}px (${target})`,
        data: Buffer.concat([await jpeg(size, size), Buffer.from(HTML)]),
        type: 'image/jpeg',
        filename: 'photo.jpg',
        target,
        expect: 'refused-or-reencoded',
        secrets: ['<script', 'fetch('],
      });
      add({
        name: `PNG+HTML ${size}px (${target})`,
        data: Buffer.concat([await png(size, size), Buffer.from(HTML)]),
        type: 'image/png',
        filename: 'photo.png',
        target,
        expect: 'refused-or-reencoded',
        secrets: ['<script', 'fetch('],
      });
    }
    add({
      name: `GIF+JS ${index}`,
      data: gifJsPolyglot(`alert(${index})`),
      type: 'image/gif',
      filename: 'anim.gif',
      target: imageTargets[index % 3] ?? 'profile',
      expect: 'refused-or-reencoded',
      secrets: ['alert('],
    });
    add({
      name: `JPEG+ZIP ${index}`,
      data: await jpegZipPolyglot(),
      type: 'image/jpeg',
      filename: 'photo.jpg',
      target: imageTargets[index % 3] ?? 'profile',
      expect: 'refused',
    });
  }
  add({
    name: 'PDF+HTML identity document',
    data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(HTML)]),
    type: 'application/pdf',
    filename: 'id.pdf',
    target: 'identity-document',
    expect: 'refused',
  });

  // PDFs with scripts, actions and attached files, in the clear, escaped and compressed.
  const pdf = (body: string) =>
    Buffer.from(`%PDF-1.7\n${body}\ntrailer<</Root 1 0 R>>\nstartxref\n0\n%%EOF\n`, 'latin1');
  const flate = (text: string) => {
    const data = deflateSync(Buffer.from(text, 'latin1'));
    return Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n1 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${data.length}>>stream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream endobj\ntrailer<</Root 1 0 R>>\nstartxref\n0\n%%EOF\n', 'latin1'),
    ]);
  };
  const activePdfs: [string, Buffer][] = [
    ['JavaScript action', pdf('1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj')],
    ['JS name only', pdf('1 0 obj<</Type/Catalog/AA<</O<</JS 2 0 R>>>>>>endobj')],
    ['escaped name', pdf('1 0 obj<</Type/Catalog/OpenAction<</S/J#61vaScript/J#53(x)>>>>endobj')],
    [
      'embedded file',
      pdf('1 0 obj<</Type/Catalog/Names<</EmbeddedFiles 2 0 R>>>>endobj 2 0 obj<</Type/EmbeddedFile>>endobj'),
    ],
    ['launch action', pdf('1 0 obj<</Type/Catalog/OpenAction<</S/Launch/F(cmd.exe)>>>>endobj')],
    ['XFA form', pdf('1 0 obj<</Type/Catalog/AcroForm<</XFA 2 0 R>>>>endobj')],
    ['script in a compressed object stream', flate('2 0 <</S/JavaScript/JS(app.alert(1))>>')],
    ['no end marker', Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n')],
  ];
  for (const [name, data] of activePdfs) {
    add({
      name: `PDF with ${name}`,
      data,
      type: 'application/pdf',
      filename: 'id.pdf',
      target: 'identity-document',
      expect: 'refused',
    });
  }
  add({
    name: 'plain PDF',
    data: pdf('1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj'),
    type: 'application/pdf',
    filename: 'id.pdf',
    target: 'identity-document',
    expect: 'reencoded',
  });

  // SVG with script, and HTML named .jpg, declared as images.
  const svgs = [
    svgWithScript(),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject></svg>',
    ),
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a></svg>',
    ),
    Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ),
  ];
  for (const [index, svg] of svgs.entries()) {
    for (const type of ['image/svg+xml', 'image/jpeg']) {
      add({
        name: `SVG ${index} as ${type}`,
        data: svg,
        type,
        filename: 'a.svg',
        target: 'profile',
        expect: 'refused',
      });
      add({
        name: `SVG ${index} as ${type} (identity)`,
        data: svg,
        type,
        filename: 'a.pdf',
        target: 'identity-document',
        expect: 'refused',
      });
    }
  }
  const pages = [
    HTML,
    `<!DOCTYPE html>${HTML}`,
    `\ufeff${HTML}`,
    `   \n${HTML}`,
    '<script>alert(1)</script>',
  ];
  for (const [index, page] of pages.entries()) {
    for (const target of [...imageTargets, 'identity-document'] as const) {
      add({
        name: `HTML ${index} named .jpg (${target})`,
        data: Buffer.from(page),
        type: 'image/jpeg',
        filename: 'photo.jpg',
        target,
        expect: 'refused',
      });
    }
  }

  // Empty, truncated and random files.
  for (const target of [...imageTargets, 'identity-document'] as const) {
    add({
      name: `empty (${target})`,
      data: Buffer.alloc(0),
      type: 'image/jpeg',
      filename: 'empty.jpg',
      target,
      expect: 'refused',
    });
  }
  const whole = await jpeg(900, 700);
  const wholePng = await png(600, 400);
  for (const fraction of [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    add({
      name: `JPEG cut at ${fraction}`,
      data: whole.subarray(0, Math.floor(whole.length * fraction)),
      type: 'image/jpeg',
      filename: 'cut.jpg',
      target: 'profile',
      expect: 'refused-or-reencoded',
    });
    add({
      name: `PNG cut at ${fraction}`,
      data: wholePng.subarray(0, Math.floor(wholePng.length * fraction)),
      type: 'image/png',
      filename: 'cut.png',
      target: 'property',
      expect: 'refused-or-reencoded',
    });
  }
  add({
    name: 'truncated JPEG fixture',
    data: await truncatedJpeg(),
    type: 'image/jpeg',
    filename: 'cut.jpg',
    target: 'banner',
    expect: 'refused-or-reencoded',
  });
  for (let index = 0; index < 20; index += 1) {
    add({
      name: `random bytes ${index}`,
      data: randomBytes(16 + index * 997),
      type: index % 2 ? 'image/png' : 'application/pdf',
      filename: 'x.bin',
      target: index % 2 ? 'profile' : 'identity-document',
      expect: 'refused',
    });
  }

  // Decompression bombs and huge dimensions.
  for (const side of [9_000, 10_000, 12_000, 16_000, 20_000]) {
    add({
      name: `PNG bomb ${side}x${side}`,
      data: pngBomb(side),
      type: 'image/png',
      filename: 'bomb.png',
      target: 'profile',
      expect: 'refused',
    });
  }
  for (const [width, height] of [
    [65_000, 65_000],
    [65_535, 1],
    [1, 65_535],
    [30_000, 30_000],
    [20_000, 20_000],
  ] as const) {
    add({
      name: `JPEG claiming ${width}x${height}`,
      data: await jpegClaiming(width, height),
      type: 'image/jpeg',
      filename: 'big.jpg',
      target: 'property',
      expect: 'refused',
    });
    add({
      name: `GIF claiming ${width}x${height}`,
      data: Buffer.concat([gifHeader(width, height), Buffer.from([0x3b])]),
      type: 'image/gif',
      filename: 'big.gif',
      target: 'banner',
      expect: 'refused',
    });
  }

  // EXIF, GPS, XMP, ICC and comments: every orientation, every target.
  for (let orientation = 1; orientation <= 8; orientation += 1) {
    for (const extra of ['none', 'xmp', 'icc', 'comment'] as const) {
      add({
        name: `photo with EXIF+GPS, orientation ${orientation}, ${extra}`,
        data: await withMetadata(orientation, extra),
        type: 'image/jpeg',
        filename: 'IMG_0001.jpg',
        target: imageTargets[(orientation + extra.length) % 3] ?? 'profile',
        expect: 'reencoded',
        secrets: [...GPS_SECRETS, 'Owner Name', ...(extra === 'comment' ? ['<script'] : [])],
      });
    }
  }
  for (const target of ['identity-document'] as const) {
    for (let orientation = 1; orientation <= 8; orientation += 2) {
      add({
        name: `identity photo with GPS, orientation ${orientation}`,
        data: await withMetadata(orientation, 'xmp'),
        type: 'image/jpeg',
        filename: 'id.jpg',
        target,
        expect: 'reencoded',
        secrets: [...GPS_SECRETS, 'Owner Name'],
      });
    }
  }

  // Wrong declared types: the bytes decide.
  const real = [
    { data: await png(120, 90), name: 'PNG' },
    { data: await jpeg(120, 90), name: 'JPEG' },
    {
      data: await sharp({ create: { width: 60, height: 40, channels: 3, background: '#123456' } })
        .webp()
        .toBuffer(),
      name: 'WebP',
    },
  ];
  for (const { data, name } of real) {
    for (const declared of [
      'image/gif',
      'application/pdf',
      'text/html',
      'application/octet-stream',
      'video/mp4',
      '',
    ]) {
      add({
        name: `${name} declared ${declared || 'nothing'}`,
        data,
        type: declared || 'application/octet-stream',
        filename: `x.${declared.split('/')[1] || 'bin'}`,
        target: 'profile',
        expect: 'reencoded',
      });
    }
  }

  // Oversize through the simple upload (the resumable one is checked separately).
  for (const [target, bytes] of [
    ['profile', 2 * 1024 * 1024 + 1],
    ['property', 5 * 1024 * 1024 + 1],
    ['banner', 5 * 1024 * 1024 + 1],
    ['identity-document', 10 * 1024 * 1024 + 1],
  ] as const) {
    add({
      name: `oversize ${target}`,
      data: Buffer.concat([await jpeg(32, 32), Buffer.alloc(bytes)]),
      type: 'image/jpeg',
      filename: 'huge.jpg',
      target,
      expect: 'refused',
    });
  }
  return files;
}
