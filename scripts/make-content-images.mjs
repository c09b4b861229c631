// Renders the small bundled content images (shapes, colours, counting dots, fruits, animals)
// into packages/server/content/images/ as 160x160 PNGs on a white background.
// Run from the repository root: node scripts/make-content-images.mjs
// The drawings are plain SVG (no text: no fonts are assumed to be available).
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const sharp = require('sharp');

const SIZE = 160;
const OUT_DIR = fileURLToPath(new URL('../packages/server/content/images/', import.meta.url));

const SHAPE_FILL = '#1e63c4';
const SHAPE_STROKE = '#0b2a55';
const shapeStyle = `fill="${SHAPE_FILL}" stroke="${SHAPE_STROKE}" stroke-width="5" stroke-linejoin="round"`;

function svg(body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="#ffffff"/>${body}</svg>`
  );
}

function starPoints(cx, cy, outer, inner, points = 5) {
  const pts = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

// ---------- shapes ----------
const shapes = {
  circle: `<circle cx="80" cy="80" r="60" ${shapeStyle}/>`,
  square: `<rect x="25" y="25" width="110" height="110" ${shapeStyle}/>`,
  triangle: `<polygon points="80,20 142,136 18,136" ${shapeStyle}/>`,
  star: `<polygon points="${starPoints(80, 86, 68, 28)}" ${shapeStyle}/>`,
  heart: `<path d="M80 138 C 40 110, 14 84, 14 56 C 14 34, 30 20, 50 20 C 64 20, 75 28, 80 42 C 85 28, 96 20, 110 20 C 130 20, 146 34, 146 56 C 146 84, 120 110, 80 138 Z" ${shapeStyle}/>`,
  rectangle: `<rect x="12" y="45" width="136" height="70" ${shapeStyle}/>`,
  oval: `<ellipse cx="80" cy="80" rx="68" ry="42" ${shapeStyle}/>`,
  diamond: `<polygon points="80,12 136,80 80,148 24,80" ${shapeStyle}/>`,
};

// ---------- colours ----------
const colours = {
  red: '#e53935',
  blue: '#1e63c4',
  green: '#2e9e44',
  yellow: '#fdd835',
  orange: '#fb8c00',
  purple: '#8e24aa',
  pink: '#f48fb1',
  brown: '#795548',
  black: '#111111',
  white: '#ffffff',
};

// ---------- counting dots ----------
// Columns per count, so every picture is a neat, easy-to-count grid.
const dotColumns = { 1: 1, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 3, 10: 5 };

function dots(n) {
  const cols = dotColumns[n];
  const rows = Math.ceil(n / cols);
  const step = Math.min(140 / cols, 140 / rows, 80);
  const r = step * 0.36;
  let body = '';
  for (let row = 0; row < rows; row++) {
    const inRow = Math.min(cols, n - row * cols);
    const y = 80 + (row - (rows - 1) / 2) * step;
    for (let c = 0; c < inRow; c++) {
      const x = 80 + (c - (inRow - 1) / 2) * step;
      body += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="#e53935" stroke="#8e1b19" stroke-width="2"/>`;
    }
  }
  return body;
}

// ---------- fruits ----------
const leaf = (x, y, rot) =>
  `<ellipse cx="${x}" cy="${y}" rx="16" ry="7" fill="#43a047" stroke="#1b5e20" stroke-width="2" transform="rotate(${rot} ${x} ${y})"/>`;

const fruits = {
  apple:
    `<path d="M80 46 C 62 34, 28 36, 26 74 C 24 108, 50 142, 68 140 C 74 139, 78 136, 80 136 C 82 136, 86 139, 92 140 C 110 142, 136 108, 134 74 C 132 36, 98 34, 80 46 Z" fill="#e53935" stroke="#8e1b19" stroke-width="3"/>` +
    `<path d="M80 48 C 80 36, 82 26, 88 18" fill="none" stroke="#6d4c41" stroke-width="5" stroke-linecap="round"/>` +
    leaf(100, 28, -25) +
    `<ellipse cx="56" cy="72" rx="8" ry="14" fill="#ffffff" opacity="0.35"/>`,
  banana:
    `<path d="M28 46 C 36 104, 92 132, 140 100 C 146 96, 144 90, 138 92 C 96 110, 56 88, 42 42 C 40 36, 28 38, 28 46 Z" fill="#fdd835" stroke="#a07800" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M40 48 C 52 84, 90 106, 132 96" fill="none" stroke="#e0b000" stroke-width="3"/>` +
    `<path d="M30 44 L 26 30 L 38 30 L 40 42 Z" fill="#6d4c41"/>` +
    `<circle cx="141" cy="96" r="4" fill="#4e342e"/>`,
  mango:
    `<path d="M70 30 C 110 20, 140 56, 134 96 C 128 134, 88 148, 62 134 C 40 122, 44 98, 52 84 C 60 70, 44 60, 46 48 C 48 38, 58 32, 70 30 Z" fill="#ffb300" stroke="#b26a00" stroke-width="3"/>` +
    `<path d="M70 30 C 96 26, 118 40, 126 60 C 108 48, 90 42, 70 30 Z" fill="#9ccc65" opacity="0.8"/>` +
    `<path d="M66 32 L 60 16" stroke="#6d4c41" stroke-width="5" stroke-linecap="round"/>` +
    `<ellipse cx="42" cy="18" rx="20" ry="7" fill="#43a047" stroke="#1b5e20" stroke-width="2" transform="rotate(15 42 18)"/>`,
  grapes: (() => {
    const pts = [
      [56, 56],
      [80, 56],
      [104, 56],
      [44, 78],
      [68, 78],
      [92, 78],
      [116, 78],
      [56, 100],
      [80, 100],
      [104, 100],
      [68, 122],
      [92, 122],
      [80, 142],
    ];
    return (
      `<path d="M80 46 L 84 22" stroke="#6d4c41" stroke-width="5" stroke-linecap="round"/>` +
      leaf(104, 28, -20) +
      pts
        .map(
          ([x, y]) => `<circle cx="${x}" cy="${y}" r="13" fill="#7b1fa2" stroke="#4a0072" stroke-width="2"/>`,
        )
        .join('') +
      pts.map(([x, y]) => `<circle cx="${x - 4}" cy="${y - 4}" r="3" fill="#ffffff" opacity="0.5"/>`).join('')
    );
  })(),
  orange:
    `<circle cx="80" cy="86" r="58" fill="#fb8c00" stroke="#b35500" stroke-width="3"/>` +
    [
      [58, 70],
      [96, 62],
      [110, 96],
      [70, 110],
      [88, 88],
      [52, 98],
      [100, 122],
      [76, 58],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2" fill="#e65100"/>`)
      .join('') +
    `<path d="M80 30 L 80 20" stroke="#6d4c41" stroke-width="4" stroke-linecap="round"/>` +
    leaf(96, 22, -20),
  watermelon:
    `<path d="M12 60 A 68 68 0 0 0 148 60 Z" fill="#2e7d32" stroke="#1b5e20" stroke-width="3"/>` +
    `<path d="M20 60 A 60 60 0 0 0 140 60 Z" fill="#f1f8e9"/>` +
    `<path d="M26 60 A 54 54 0 0 0 134 60 Z" fill="#e53935"/>` +
    [
      [50, 74],
      [70, 82],
      [90, 82],
      [110, 74],
      [62, 100],
      [80, 104],
      [98, 100],
      [80, 70],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="3" ry="5" fill="#212121"/>`)
      .join(''),
};

// ---------- animals ----------
const animals = {
  fish:
    `<polygon points="112,80 148,50 148,110" fill="#ff8f00" stroke="#b35500" stroke-width="3" stroke-linejoin="round"/>` +
    `<ellipse cx="72" cy="80" rx="52" ry="34" fill="#ffa726" stroke="#b35500" stroke-width="3"/>` +
    `<path d="M62 48 C 72 30, 92 34, 96 50 Z" fill="#ff8f00" stroke="#b35500" stroke-width="3"/>` +
    `<path d="M70 100 C 74 116, 90 116, 88 104 Z" fill="#ff8f00" stroke="#b35500" stroke-width="2"/>` +
    `<path d="M52 58 C 60 70, 60 90, 52 102" fill="none" stroke="#b35500" stroke-width="3"/>` +
    `<circle cx="38" cy="72" r="8" fill="#ffffff" stroke="#333" stroke-width="2"/>` +
    `<circle cx="36" cy="72" r="4" fill="#111"/>` +
    `<path d="M22 88 Q 28 92 34 88" fill="none" stroke="#333" stroke-width="2"/>`,
  cat:
    `<polygon points="34,62 40,14 74,44" fill="#9e9e9e" stroke="#424242" stroke-width="3" stroke-linejoin="round"/>` +
    `<polygon points="126,62 120,14 86,44" fill="#9e9e9e" stroke="#424242" stroke-width="3" stroke-linejoin="round"/>` +
    `<polygon points="42,52 45,26 64,44" fill="#f8bbd0"/>` +
    `<polygon points="118,52 115,26 96,44" fill="#f8bbd0"/>` +
    `<ellipse cx="80" cy="88" rx="56" ry="50" fill="#9e9e9e" stroke="#424242" stroke-width="3"/>` +
    `<ellipse cx="60" cy="78" rx="9" ry="12" fill="#c0ca33"/><ellipse cx="60" cy="78" rx="3" ry="10" fill="#111"/>` +
    `<ellipse cx="100" cy="78" rx="9" ry="12" fill="#c0ca33"/><ellipse cx="100" cy="78" rx="3" ry="10" fill="#111"/>` +
    `<polygon points="73,98 87,98 80,106" fill="#ec407a"/>` +
    `<path d="M80 106 Q 72 116 64 110 M80 106 Q 88 116 96 110" fill="none" stroke="#424242" stroke-width="2"/>` +
    `<path d="M66 102 L 14 94 M66 106 L 14 110 M94 102 L 146 94 M94 106 L 146 110" stroke="#212121" stroke-width="2"/>`,
  bird:
    `<path d="M34 92 L 8 80 L 12 104 Z" fill="#1565c0" stroke="#0d3c7a" stroke-width="2" stroke-linejoin="round"/>` +
    `<ellipse cx="72" cy="96" rx="44" ry="30" fill="#42a5f5" stroke="#0d3c7a" stroke-width="3"/>` +
    `<circle cx="110" cy="64" r="24" fill="#42a5f5" stroke="#0d3c7a" stroke-width="3"/>` +
    `<ellipse cx="80" cy="104" rx="14" ry="10" fill="#e3f2fd" opacity="0.8"/>` +
    `<polygon points="132,58 154,66 132,72" fill="#ffb300" stroke="#b26a00" stroke-width="2" stroke-linejoin="round"/>` +
    `<circle cx="116" cy="58" r="4" fill="#111"/>` +
    `<path d="M44 90 C 56 66, 88 70, 92 92 C 78 102, 58 102, 44 90 Z" fill="#1e63c4" stroke="#0d3c7a" stroke-width="2"/>` +
    `<path d="M66 124 L 62 146 M62 146 L 54 150 M62 146 L 68 150 M84 124 L 86 146 M86 146 L 78 150 M86 146 L 92 150" stroke="#b26a00" stroke-width="3" stroke-linecap="round"/>`,
  butterfly:
    `<ellipse cx="46" cy="56" rx="34" ry="30" fill="#ab47bc" stroke="#4a0072" stroke-width="3" transform="rotate(-20 46 56)"/>` +
    `<ellipse cx="114" cy="56" rx="34" ry="30" fill="#ab47bc" stroke="#4a0072" stroke-width="3" transform="rotate(20 114 56)"/>` +
    `<ellipse cx="52" cy="110" rx="24" ry="22" fill="#ffb300" stroke="#4a0072" stroke-width="3" transform="rotate(20 52 110)"/>` +
    `<ellipse cx="108" cy="110" rx="24" ry="22" fill="#ffb300" stroke="#4a0072" stroke-width="3" transform="rotate(-20 108 110)"/>` +
    `<circle cx="44" cy="54" r="10" fill="#fdd835"/><circle cx="116" cy="54" r="10" fill="#fdd835"/>` +
    `<circle cx="52" cy="112" r="7" fill="#ffffff"/><circle cx="108" cy="112" r="7" fill="#ffffff"/>` +
    `<ellipse cx="80" cy="84" rx="7" ry="44" fill="#3e2723"/>` +
    `<path d="M78 42 Q 70 22 58 16 M82 42 Q 90 22 102 16" fill="none" stroke="#3e2723" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="58" cy="16" r="4" fill="#3e2723"/><circle cx="102" cy="16" r="4" fill="#3e2723"/>`,
};

const images = {};
for (const [name, body] of Object.entries(shapes)) images[`shape-${name}`] = body;
for (const [name, fill] of Object.entries(colours)) {
  images[`color-${name}`] =
    `<circle cx="80" cy="80" r="62" fill="${fill}" stroke="#9e9e9e" stroke-width="5"/>`;
}
for (let n = 1; n <= 10; n++) images[`count-${n}`] = dots(n);
for (const [name, body] of Object.entries(fruits)) images[`fruit-${name}`] = body;
for (const [name, body] of Object.entries(animals)) images[`animal-${name}`] = body;

await mkdir(OUT_DIR, { recursive: true });
for (const [name, body] of Object.entries(images)) {
  const file = `${OUT_DIR}${name}.png`;
  await sharp(Buffer.from(svg(body)))
    .resize(SIZE, SIZE)
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9, palette: true, colours: 64 })
    .toFile(file);
}
console.log(`Wrote ${Object.keys(images).length} images to ${OUT_DIR}`);
