// `node scripts/generate-icons.mjs`: the app icons in src/client/public/icons, drawn from the favicon's design
// (gradient tile, white "L") with sharp. Run it again after changing favicon.svg; the PNGs are committed.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "src/client/public/icons");
mkdirSync(out, { recursive: true });

const favicon = readFileSync(path.join(root, "src/client/public/favicon.svg"));

// Maskable and Apple icons fill the whole square (the platform cuts its own shape) and keep the glyph inside
// the central 80 % safe zone, so no mask crops the "L".
const fullBleed = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6d5dfc"/><stop offset="1" stop-color="#e0569b"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><path d="M25 20v24h15" fill="none" stroke="#fff" stroke-width="5.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
);

const icons = [
  { file: "icon-192.png", svg: favicon, size: 192 },
  { file: "icon-512.png", svg: favicon, size: 512 },
  { file: "icon-maskable-512.png", svg: fullBleed, size: 512 },
  { file: "apple-touch-icon-180.png", svg: fullBleed, size: 180 },
];

for (const { file, svg, size } of icons) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}x${size}`);
}
