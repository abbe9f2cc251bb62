// Renders the site's raster images once with Chromium (the outputs are committed in web/public):
//   favicon.ico  (32×32 PNG inside an ICO container, from favicon.svg)
//   og-image.png (1200×630 Open Graph / Twitter card)
// Run: node bin/run-ts.mjs web/scripts/make-images.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");
const svg = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

/** An ICO file holding one PNG image (supported by every current browser). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 32, height: 32 } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:32px;height:32px}</style>${svg}`,
  );
  const png = await page.screenshot({ omitBackground: true });
  writeFileSync(path.join(publicDir, "favicon.ico"), icoOf(png, 32));

  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(`<!doctype html><html><head><style>
    body{margin:0;width:1200px;height:630px;font-family:system-ui,sans-serif;background:linear-gradient(160deg,#eff6ff 0%,#dbeafe 55%,#fde68a 100%);display:flex;align-items:center}
    .wrap{padding:0 90px;display:flex;align-items:center;gap:60px}
    svg{width:230px;height:230px;flex:none;filter:drop-shadow(0 12px 24px rgba(30,64,175,.25))}
    h1{font-size:76px;line-height:1.05;margin:0;color:#0f172a;letter-spacing:-1.5px}
    p{font-size:34px;line-height:1.3;margin:24px 0 0;color:#1e3a8a}
    .bar{margin-top:34px;height:16px;width:560px;border-radius:8px;background:linear-gradient(90deg,#5b21b6,#3b82f6,#94a3b8,#fcd34d,#f59e0b)}
  </style></head><body><div class="wrap">${svg}<div><h1>Job Weather Index</h1>
    <p>Europe's job markets, scored 1 to 10 from official statistics and shown as weather.</p><div class="bar"></div></div></div></body></html>`);
  writeFileSync(path.join(publicDir, "og-image.png"), await page.screenshot());
} finally {
  await browser.close();
}
console.log("wrote web/public/favicon.ico and web/public/og-image.png");
