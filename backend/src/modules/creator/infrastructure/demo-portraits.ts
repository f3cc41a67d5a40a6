import sharp from 'sharp';

/**
 * Illustrated portraits for the demo creators, drawn here from a number: flat shapes (a backdrop,
 * shoulders, a face, one of several hairstyles, sometimes glasses), so the demo directory shows
 * faces without a single photo fetched or shipped. The same number always draws the same person.
 */
export const DEMO_PORTRAIT_SIZE = 400;

const BACKDROPS = [
  '#ede9fe',
  '#dbeafe',
  '#dcfce7',
  '#fef3c7',
  '#fce7f3',
  '#e0f2fe',
  '#fee2e2',
  '#f3e8ff',
  '#ecfccb',
  '#ffedd5',
];
const SKIN = ['#f9d7c0', '#f1c3a1', '#e0a98a', '#c98e6b', '#a86f4c', '#8a5a3b', '#6b4430', '#4e3022'];
const HAIR = ['#1f1a17', '#3b2a20', '#5a3b26', '#8b5a2b', '#b7793f', '#d9b26f', '#9a9a9a', '#7c2d12', '#312e81'];
const CLOTHES = ['#5b21b6', '#0f766e', '#b91c1c', '#1d4ed8', '#ca8a04', '#334155', '#be185d', '#15803d', '#ea580c'];
const HAIRSTYLES = ['short', 'long', 'bun', 'curly', 'buzz', 'side', 'bob'] as const;

/** A small deterministic generator (mulberry32): one person per seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hair drawn behind the head (long hair, a bun) and over it (the top and fringe). */
function hair(style: (typeof HAIRSTYLES)[number], color: string): { back: string; front: string } {
  switch (style) {
    case 'long':
      return {
        back: `<path d="M122 170 Q118 300 140 330 L260 330 Q282 300 278 170 Z" fill="${color}"/>`,
        front: `<path d="M128 178 Q130 104 200 100 Q270 104 272 178 Q244 140 200 138 Q156 140 128 178 Z" fill="${color}"/>`,
      };
    case 'bun':
      return {
        back: `<circle cx="200" cy="92" r="34" fill="${color}"/>`,
        front: `<path d="M130 172 Q134 106 200 104 Q266 106 270 172 Q240 138 200 136 Q160 138 130 172 Z" fill="${color}"/>`,
      };
    case 'curly':
      return {
        back: '',
        front: [
          [142, 140, 30],
          [170, 116, 32],
          [204, 108, 34],
          [236, 118, 32],
          [260, 144, 28],
          [134, 172, 20],
          [266, 172, 20],
        ]
          .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`)
          .join(''),
      };
    case 'buzz':
      return {
        back: '',
        front: `<path d="M134 166 Q136 110 200 108 Q264 110 266 166 Q236 140 200 140 Q164 140 134 166 Z" fill="${color}" opacity="0.85"/>`,
      };
    case 'side':
      return {
        back: '',
        front: `<path d="M128 176 Q126 100 206 100 Q276 106 272 170 Q250 128 168 148 Q146 154 128 176 Z" fill="${color}"/>`,
      };
    case 'bob':
      return {
        back: `<path d="M124 168 Q120 250 150 262 L250 262 Q280 250 276 168 Z" fill="${color}"/>`,
        front: `<path d="M126 180 Q128 102 200 100 Q272 102 274 180 Q256 130 200 132 Q144 130 126 180 Z" fill="${color}"/>`,
      };
    default:
      return {
        back: '',
        front: `<path d="M130 168 Q130 104 200 102 Q270 104 270 168 Q246 130 200 130 Q154 130 130 168 Z" fill="${color}"/>`,
      };
  }
}

/** The portrait of person `seed`, as SVG. */
export function demoPortraitSvg(seed: number): string {
  const r = random(seed * 7919 + 17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const backdrop = pick(BACKDROPS);
  const skin = pick(SKIN);
  const hairColor = pick(HAIR);
  const clothes = pick(CLOTHES);
  const { back, front } = hair(pick(HAIRSTYLES), hairColor);
  const glasses = r() < 0.25;
  const smileWidth = 16 + Math.round(r() * 10);
  const eyeY = 192 + Math.round(r() * 6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PORTRAIT_SIZE}" height="${DEMO_PORTRAIT_SIZE}" viewBox="60 50 280 280">
  <rect x="60" y="50" width="280" height="280" fill="${backdrop}"/>
  ${back}
  <path d="M70 400 Q74 300 200 292 Q326 300 330 400 Z" fill="${clothes}"/>
  <path d="M176 250 L224 250 L228 300 Q200 316 172 300 Z" fill="${skin}"/>
  <path d="M172 300 Q200 316 228 300 L232 306 Q200 326 168 306 Z" fill="#000" opacity="0.08"/>
  <ellipse cx="200" cy="188" rx="68" ry="82" fill="${skin}"/>
  <ellipse cx="132" cy="196" rx="10" ry="16" fill="${skin}"/>
  <ellipse cx="268" cy="196" rx="10" ry="16" fill="${skin}"/>
  ${front}
  <circle cx="176" cy="${eyeY}" r="6" fill="#1f2937"/>
  <circle cx="224" cy="${eyeY}" r="6" fill="#1f2937"/>
  <path d="M168 ${eyeY - 16} Q176 ${eyeY - 21} 186 ${eyeY - 16}" stroke="${hairColor}" stroke-width="4" fill="none" stroke-linecap="round"/>
  <path d="M214 ${eyeY - 16} Q224 ${eyeY - 21} 232 ${eyeY - 16}" stroke="${hairColor}" stroke-width="4" fill="none" stroke-linecap="round"/>
  ${glasses ? `<g fill="none" stroke="#111827" stroke-width="4"><circle cx="176" cy="${eyeY}" r="17"/><circle cx="224" cy="${eyeY}" r="17"/><path d="M193 ${eyeY} L207 ${eyeY}"/></g>` : ''}
  <path d="M200 ${eyeY + 10} Q196 ${eyeY + 26} 202 ${eyeY + 30}" stroke="#000" stroke-opacity="0.18" stroke-width="3" fill="none" stroke-linecap="round"/>
  <path d="M${200 - smileWidth} ${eyeY + 44} Q200 ${eyeY + 44 + smileWidth * 0.8} ${200 + smileWidth} ${eyeY + 44}" stroke="#7f1d1d" stroke-width="5" fill="none" stroke-linecap="round"/>
  <circle cx="160" cy="${eyeY + 30}" r="10" fill="#f43f5e" opacity="0.12"/>
  <circle cx="240" cy="${eyeY + 30}" r="10" fill="#f43f5e" opacity="0.12"/>
</svg>`;
}

/** The portrait as WebP, the format every stored profile photo has. */
export function demoPortraitWebp(seed: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPortraitSvg(seed)))
    .webp({ quality: 82 })
    .toBuffer();
}
