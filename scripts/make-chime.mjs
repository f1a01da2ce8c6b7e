// `node scripts/make-chime.mjs`: writes the withdrawal queue's new-request chime
// (apps/web/src/backoffice/assets/new-request.wav): two short rising tones, 8-bit mono at 16 kHz, with a
// soft attack and decay so it does not click. Run it after changing the tones and commit the WAV.
import { writeFileSync } from 'node:fs';

const RATE = 16_000;
/** [frequency in Hz, seconds] of each tone, then a short silence between them */
const TONES = [
  [880, 0.14],
  [1318.5, 0.22],
];
const GAP = 0.04;

const samples = [];
for (const [i, [freq, seconds]] of TONES.entries()) {
  const n = Math.round(RATE * seconds);
  for (let k = 0; k < n; k += 1) {
    const t = k / RATE;
    // 8 ms attack, exponential decay: a bell rather than a beep
    const envelope = Math.min(1, t / 0.008) * Math.exp((-4 * t) / seconds);
    samples.push(0.6 * envelope * Math.sin(2 * Math.PI * freq * t));
  }
  if (i < TONES.length - 1) for (let k = 0; k < RATE * GAP; k += 1) samples.push(0);
}

const data = Buffer.from(samples.map((s) => Math.max(0, Math.min(255, Math.round(128 + 127 * s)))));
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE, 28); // bytes per second (8-bit mono)
header.writeUInt16LE(1, 32); // block align
header.writeUInt16LE(8, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(new URL('../apps/web/src/backoffice/assets/new-request.wav', import.meta.url), Buffer.concat([header, data]));
