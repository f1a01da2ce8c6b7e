// `node scripts/make-icons.mjs`: draws the site's install icons (apps/web/public/icons/*.png) from
// icons/icon.svg with the Chromium Playwright already uses, so that the PNGs in the repository are
// always the SVG's. Run it after changing the SVG and commit the PNGs.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const dir = new URL('../apps/web/public/icons/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', dir), 'utf8');
// maskable: the launcher crops to any shape inside the centre 80 %, so the coin shrinks into it on a full-bleed background
const maskable = svg
  .replace('rx="96"', 'rx="0"')
  .replace('<circle', '<g transform="translate(256 256) scale(0.8) translate(-256 -256)"><circle')
  .replace('</svg>', '</g></svg>');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const [name, source, size] of [
    ['icon-192.png', svg, 192],
    ['icon-512.png', svg, 512],
    ['icon-maskable-512.png', maskable, 512],
  ]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
    );
    writeFileSync(new URL(name, dir), await page.screenshot({ omitBackground: true }));
  }
} finally {
  await browser.close();
}
