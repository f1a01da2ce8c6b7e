import type { FingerprintBody } from '@app/contracts';
import { sha256Hex } from './hash';
import { today } from './decide';

/** Bumped when the set of signals changes, so the server can tell generations apart. */
export const FINGERPRINT_VERSION = '1';

const FONT_CANDIDATES = [
  'Arial',
  'Courier New',
  'Georgia',
  'Helvetica',
  'Tahoma',
  'Times New Roman',
  'Verdana',
  'Segoe UI',
  'Roboto',
  'Noto Sans',
  'Noto Sans Lao',
  'Phetsarath OT',
  'Saysettha OT',
  'Leelawadee UI',
  'Microsoft YaHei',
  'PingFang SC',
  'SimSun',
  'Thonburi',
  'DejaVu Sans',
  'Liberation Sans',
  'Ubuntu',
  'Menlo',
  'Consolas',
];

function webGl(): FingerprintBody['webGL'] {
  const empty = { version: '', vendor: '', vendorUnmasked: '', renderer: '', rendererUnmasked: '', shadingLanguageVersion: '' };
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return empty;
    const dbg = gl.getExtension('WEBGL_debug_renderer_info');
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      version: str(gl.getParameter(gl.VERSION)),
      vendor: str(gl.getParameter(gl.VENDOR)),
      vendorUnmasked: dbg ? str(gl.getParameter(dbg.UNMASKED_VENDOR_WEBGL)) : '',
      renderer: str(gl.getParameter(gl.RENDERER)),
      rendererUnmasked: dbg ? str(gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL)) : '',
      shadingLanguageVersion: str(gl.getParameter(gl.SHADING_LANGUAGE_VERSION)),
    };
  } catch {
    return empty;
  }
}

/** The classic audio signal: a compressed oscillator rendered offline differs by audio stack. */
async function audio(): Promise<string> {
  try {
    const Ctx = window.OfflineAudioContext;
    if (!Ctx) return '';
    const ctx = new Ctx(1, 5000, 44100);
    const osc = ctx.createOscillator();
    osc.type = 'triangle';
    osc.frequency.value = 10000;
    const comp = ctx.createDynamicsCompressor();
    osc.connect(comp);
    comp.connect(ctx.destination);
    osc.start(0);
    const buffer = await Promise.race([ctx.startRendering(), new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
    if (!buffer) return '';
    const data = buffer.getChannelData(0);
    let sum = 0;
    for (let i = 4500; i < 5000; i++) sum += Math.abs(data[i] ?? 0);
    return sum.toFixed(8);
  } catch {
    return '';
  }
}

/**
 * Gives the main thread back between probes: each takes a few tens of milliseconds on a slow phone,
 * and run together they would make one long task while the player can already use the page
 * (docs/decisions/076).
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * The fonts' measurements yield once a slice has run this long, rather than after a fixed number of
 * fonts: where a font is missing, each measurement waits on the system's font fallback, so a few fonts
 * can make a long task at a phone's speed while the page is in use.
 */
const SLICE_MS = 8;

/** Fonts present on the device, found by comparing text widths against generic fallbacks, in short slices. */
async function fonts(): Promise<string> {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return '';
  const sample = 'mmmmmmmmmmlliWWສະບາຍດີ你好';
  const width = (font: string) => {
    ctx.font = `72px ${font}`;
    return ctx.measureText(sample).width;
  };
  const bases = ['monospace', 'sans-serif', 'serif'].map((b) => [b, width(b)] as const);
  const found: string[] = [];
  let sliceStart = -Infinity;
  for (const f of FONT_CANDIDATES) {
    for (const [b, w] of bases) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToMain();
        sliceStart = performance.now();
      }
      if (width(`'${f}',${b}`) !== w) {
        found.push(f);
        break;
      }
    }
  }
  return found.join(',');
}

type NavigatorExtras = Navigator & { deviceMemory?: number };

/**
 * The device's time zone (an IANA name). Temporal reads it alone (Chromium 144+, Firefox 139+: 1 ms on the
 * goal's phone); elsewhere the page's first DateTimeFormat does, which loads the date formats too: one task
 * of 80–95 ms at the goal's phone, the longest of the probes (docs/decisions/205).
 */
export function timeZone(): string {
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

/**
 * The probes that cost: the graphics stack, the audio stack, the installed fonts, and the time zone (the
 * page's first Intl object starts ICU, decision 083; see `timeZone`).
 */
type DeviceSignals = Pick<FingerprintBody, 'webGL' | 'audio' | 'fonts' | 'timezone'>;
const SIGNALS_KEY = 'fingerprint:device';

/**
 * The costly probes run once a day per browser (docs/decisions/084): they would take a noticeable
 * share of a slow phone's main thread on every player page, and what they read changes with a driver
 * or a font installed, not between two pages. The rest of the payload is read on each load.
 */
async function deviceSignals(day: string): Promise<DeviceSignals> {
  const kept = readSignals(day);
  if (kept) return kept;
  const webGL = webGl();
  await yieldToMain();
  const audioSignal = await audio();
  await yieldToMain();
  const fontList = await fonts();
  await yieldToMain();
  const signals = { webGL, audio: audioSignal, fonts: fontList, timezone: timeZone() };
  try {
    localStorage.setItem(SIGNALS_KEY, JSON.stringify({ date: day, ...signals }));
  } catch {
    // storage disabled: probed again on the next page
  }
  return signals;
}

const isString = (x: unknown): x is string => typeof x === 'string';

function readSignals(day: string): DeviceSignals | null {
  try {
    const v = JSON.parse(localStorage.getItem(SIGNALS_KEY) ?? 'null') as (DeviceSignals & { date: unknown }) | null;
    if (v?.date !== day || ![v.audio, v.fonts, v.timezone].every(isString)) return null;
    const gl = Object.values(v.webGL ?? {});
    return gl.length === 6 && gl.every(isString) ? { webGL: v.webGL, audio: v.audio, fonts: v.fonts, timezone: v.timezone } : null;
  } catch {
    return null;
  }
}

/** Everything SPEC.md §3 lists, with `fingerprint` the SHA-256 of the rest. */
export async function collectFingerprint(): Promise<FingerprintBody> {
  const nav = navigator as NavigatorExtras;
  const { webGL: gl, audio: audioSignal, fonts: fontList, timezone } = await deviceSignals(today());
  // the object below keeps the fields' order (the hash reads it)
  const parts: Omit<FingerprintBody, 'fingerprint'> = {
    screen: `${screen.width}x${screen.height}`,
    version: FINGERPRINT_VERSION,
    timezone,
    userAgent: nav.userAgent.slice(0, 512),
    plugins: [...nav.plugins]
      .map((p) => p.name)
      .join(',')
      .slice(0, 2048),
    webGL: gl,
    audio: audioSignal,
    platform: nav.platform,
    memory: nav.deviceMemory === undefined ? '' : String(nav.deviceMemory),
    fonts: fontList,
    languages: [...nav.languages].join(','),
    hardwareConcurrency: String(nav.hardwareConcurrency ?? ''),
    vendor: nav.vendor,
  };
  const fingerprint = await sha256Hex(JSON.stringify(parts));
  return { ...parts, fingerprint };
}
