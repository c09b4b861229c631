// Draws the installed app's icons (issue 20) into packages/web/public from the favicon's star; run once: node scripts/make-app-icons.mjs
import sharp from 'sharp';
const star = 'M32 10l6.5 13.6 14.9 2-10.9 10.4 2.7 14.8L32 43.6l-13.2 7.2 2.7-14.8-10.9-10.4 14.9-2z';
// "any": the favicon's rounded square. "maskable": full-bleed blue, the star inside the 80% safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/><path d="${star}" fill="#fbbf24"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1d4ed8"/><g transform="translate(32 32) scale(0.72) translate(-32 -31)"><path d="${star}" fill="#fbbf24"/></g></svg>`;
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: ((72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`packages/web/public/${name}`);
}
