/** The card set of the pixel tests, and the reference card of the benchmarks (1200×630). */
import sharp from 'sharp';

/** A 200×200 PNG avatar (drawn from an SVG, so it needs no fixture file), as a data: URI. */
export async function avatarDataUri(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#ffd27f"/><stop offset="1" stop-color="#c0392b"/></radialGradient></defs>
    <rect width="200" height="200" fill="url(#g)"/><circle cx="100" cy="80" r="40" fill="#ffffff" fill-opacity="0.55"/>
    <rect x="40" y="130" width="120" height="70" rx="35" fill="#ffffff" fill-opacity="0.55"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Reference card: 1200×630, linear-gradient background, a bold ~60-character title at 64px wrapping to two
 * lines, a subtitle, a 200×200 avatar (data: URI) and a rounded badge.
 */
export function referenceCardHtml(avatar: string): string {
  return `<div style="display:flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;width:1200px;height:630px;padding:56px 64px;font-family:Inter;background-image:linear-gradient(135deg,#1e3a8a 0%,#7c3aed 55%,#db2777 100%);color:white">
  <div style="display:flex;justify-content:space-between;align-items:flex-start">
    <div style="display:flex;padding:8px 20px;border-radius:999px;background:rgba(255,255,255,0.18);border:2px solid rgba(255,255,255,0.5);font-size:24px;font-weight:600">Engineering blog</div>
    <img src="${avatar}" width="200" height="200" style="border-radius:100px;border:6px solid white" />
  </div>
  <div style="display:flex;flex-direction:column">
    <div style="font-size:64px;font-weight:700;line-height:1.15">Rendering social cards without a browser in fifty milliseconds</div>
    <div style="font-size:30px;margin-top:20px;opacity:0.85">How satori, resvg and sharp fit together in one pipeline</div>
  </div>
</div>`;
}

/** Cards of the pixel tests, each rendered at the given size. */
export const CARDS: Record<string, { html: string; width: number; height: number }> = {
  'text-weights': {
    width: 640,
    height: 420,
    html: `<div style="display:flex;flex-direction:column;width:100%;height:100%;padding:24px;background:#fff;color:#111;font-family:Inter;font-size:30px">
      <div style="font-weight:400">Inter 400 Regular — Hamburgefonstiv</div>
      <div style="font-weight:500">Inter 500 Medium — Hamburgefonstiv</div>
      <div style="font-weight:600">Inter 600 SemiBold — Hamburgefonstiv</div>
      <div style="font-weight:700">Inter 700 Bold — Hamburgefonstiv</div>
      <div style="font-weight:800">Inter 800 ExtraBold — Hamburgefonstiv</div>
      <div style="font-style:italic">Inter 400 Italic — Hamburgefonstiv</div>
      <div style="font-family:serif">Noto Serif — Hamburgefonstiv</div>
      <div style="font-family:monospace">JetBrains Mono — 0O1lI {}</div>
    </div>`,
  },
  gradients: {
    width: 600,
    height: 300,
    html: `<div style="display:flex;width:100%;height:100%;background:#0f172a;padding:20px;gap:20px">
      <div style="display:flex;width:170px;height:260px;background-image:linear-gradient(to bottom,#f97316,#facc15)"></div>
      <div style="display:flex;width:170px;height:260px;background-image:linear-gradient(45deg,#06b6d4 0%,#3b82f6 50%,#a855f7 100%)"></div>
      <div style="display:flex;width:170px;height:260px;background-image:radial-gradient(circle at center,#fde68a,#be123c)"></div>
    </div>`,
  },
  'borders-radii': {
    width: 660,
    height: 300,
    html: `<div style="display:flex;width:100%;height:100%;background:#f1f5f9;padding:24px;gap:24px;align-items:center">
      <div style="display:flex;width:160px;height:160px;border:4px solid #0ea5e9;border-radius:16px;background:#fff"></div>
      <div style="display:flex;width:160px;height:160px;border:10px solid #f43f5e;border-radius:80px;background:#fde68a"></div>
      <div style="display:flex;width:160px;height:100px;border-top:6px solid #22c55e;border-bottom:6px dashed #6366f1;border-radius:24px 0 24px 0;background:#e0e7ff"></div>
    </div>`,
  },
  emoji: {
    width: 520,
    height: 120,
    html: `<div style="display:flex;width:100%;height:100%;align-items:center;justify-content:center;background:#fff;font-family:Inter;font-size:56px">😀👍🏽❤️👩‍💻🇯🇵🏳️‍🌈</div>`,
  },
  chinese: {
    width: 520,
    height: 160,
    html: `<div style="display:flex;flex-direction:column;width:100%;height:100%;padding:20px;background:#fff7ed;color:#7c2d12">
      <div style="font-size:40px;font-weight:700">你好，世界！</div>
      <div style="font-size:28px">简体中文排版测试：图片生成服务</div>
    </div>`,
  },
  japanese: {
    width: 520,
    height: 160,
    html: `<div lang="ja-JP" style="display:flex;flex-direction:column;width:100%;height:100%;padding:20px;background:#eff6ff;color:#1e3a8a">
      <div style="font-size:40px;font-weight:700">こんにちは世界</div>
      <div style="font-size:28px">カタカナとひらがな、漢字の表示</div>
    </div>`,
  },
};
