// Draws the default share image (1200×630, what a link to any page shows when the page has no
// photo of its own) into public-site/public/og-default.png. Run again after a brand change:
//   node scripts/og-image.mjs
// It names no city, so one image serves every CITY.
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../public-site/public/og-default.png', import.meta.url));
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5b21b6"/><stop offset="1" stop-color="#3b0f80"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1040" cy="120" r="180" fill="#fbbf24" opacity="0.18"/>
  <circle cx="1110" cy="560" r="120" fill="#ffffff" opacity="0.07"/>
  <g transform="translate(96 150) scale(5)">
    <rect width="32" height="32" rx="8" fill="#ffffff"/>
    <path d="M9 8h4v12h8v4H9z" fill="#5b21b6"/><circle cx="22" cy="11" r="3" fill="#fbbf24"/>
  </g>
  <text x="96" y="400" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="84" fill="#ffffff">Local Creators</text>
  <text x="96" y="470" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="38" fill="#e9ddff">Verified local creators. Free for creators and brands.</text>
</svg>`;
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`wrote ${out}`);
