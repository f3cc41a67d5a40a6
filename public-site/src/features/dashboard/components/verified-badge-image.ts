/** The downloadable "Verified Local Creator" badge, drawn on a canvas and saved as a PNG file. */

const BADGE_FILENAME = 'local-creators-verified-badge.png';
const SIZE = 800;

/** The theme's primary colour when the stylesheet defines it (Tailwind v4 exposes theme tokens as CSS variables). */
function themeColor(name: string, fallback: string) {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

async function fontFamily() {
  try {
    await document.fonts.load('700 64px "Inter Variable"');
    return document.fonts.check('700 64px "Inter Variable"') ? '"Inter Variable", sans-serif' : 'sans-serif';
  } catch {
    return 'sans-serif';
  }
}

/** Shrinks the font until the text fits the width. */
function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  y: number,
  weight: number,
  size: number,
  maxWidth: number,
  family: string,
) {
  let px = size;
  do {
    ctx.font = `${weight} ${px}px ${family}`;
    px -= 2;
  } while (ctx.measureText(text).width > maxWidth && px > 12);
  ctx.fillText(text, SIZE / 2, y);
}

export async function drawVerifiedBadge(name: string, city: string): Promise<HTMLCanvasElement> {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  const family = await fontFamily();
  const primary = themeColor('--color-primary', '#5b21b6');
  const c = SIZE / 2;

  // Scalloped seal edge.
  const points = 32;
  ctx.beginPath();
  for (let i = 0; i <= points * 2; i++) {
    const r = i % 2 === 0 ? c - 6 : c - 30;
    const a = (Math.PI * i) / points - Math.PI / 2;
    ctx.lineTo(c + r * Math.cos(a), c + r * Math.sin(a));
  }
  ctx.closePath();
  const edge = ctx.createLinearGradient(0, 0, SIZE, SIZE);
  edge.addColorStop(0, '#fbbf24');
  edge.addColorStop(1, '#f59e0b');
  ctx.fillStyle = edge;
  ctx.fill();

  // Face of the seal.
  ctx.beginPath();
  ctx.arc(c, c, c - 48, 0, Math.PI * 2);
  const face = ctx.createLinearGradient(0, 0, SIZE, SIZE);
  face.addColorStop(0, primary);
  face.addColorStop(1, '#1e1b4b');
  ctx.fillStyle = face;
  ctx.fill();
  ctx.lineWidth = 6;
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.beginPath();
  ctx.arc(c, c, c - 72, 0, Math.PI * 2);
  ctx.stroke();

  // Check mark in a white disc.
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(c, 250, 86, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = primary;
  ctx.lineWidth = 24;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(c - 42, 252);
  ctx.lineTo(c - 10, 284);
  ctx.lineTo(c + 46, 222);
  ctx.stroke();

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#ffffff';
  fitText(ctx, 'VERIFIED', 430, 800, 84, 520, family);
  ctx.fillStyle = '#fde68a';
  fitText(ctx, `${city.toUpperCase()} LOCAL CREATOR`, 490, 700, 34, 500, family);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  fitText(ctx, name, 570, 600, 36, 440, family);
  ctx.fillStyle = 'rgba(255,255,255,0.6)';
  fitText(ctx, 'Local Creators · human-verified', 640, 500, 22, 400, family);
  return canvas;
}

/** Saves the canvas as a real PNG file. */
export async function downloadVerifiedBadge(name: string, city: string) {
  const canvas = await drawVerifiedBadge(name, city);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = BADGE_FILENAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
