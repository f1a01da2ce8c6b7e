import { describe, expect, it } from 'vitest';
import { buildLaoQr, crc16CcittFalse, LAO_QR_AID, LaoQrError, parseLaoQr, parseTlv, type LaoQrInput } from './laoqr.js';

const input: LaoQrInput = {
  bank: 'bcel',
  merchantId: 'MCH0001',
  mcc: '5816',
  amountLak: 100_000n,
  merchantName: 'Lao Credit Demo',
  city: 'Vientiane',
  billNumber: 'D2611220001',
  reference: 'D2611220001',
};

/** Replaces one field's value and recomputes the CRC, as a forger who knows the format would. */
function reseal(payload: string, from: string, to: string): string {
  const body = payload.slice(0, -4).replace(from, to);
  return body + crc16CcittFalse(body);
}

describe('crc16CcittFalse', () => {
  it('matches the published check value and independent vectors', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(crc16CcittFalse('A')).toBe('B915');
    // an EMVCo merchant-presented payload (PromptPay's example), checked with Python's binascii.crc_hqx
    expect(crc16CcittFalse('00020101021129370016A000000677010111011300660000000005802TH53037646304')).toBe('8956');
  });
});

describe('buildLaoQr', () => {
  it('writes the fields of DESIGN.md §5a in order with their lengths', () => {
    const payload = buildLaoQr(input);
    const fields = parseTlv(payload);
    expect(fields.map(([tag]) => tag)).toEqual(['00', '01', '38', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(fields.find(([t]) => t === '38')?.[1]).toBe(`0016${LAO_QR_AID}01082771041802030020307MCH0001`);
    expect(payload).toContain('5204581653034185406100000' + '5802LA5915Lao Credit Demo6009Vientiane');
    expect(payload).toContain('62300111D26112200010511D2611220001');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
    expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
  });

  it('uses each known bank IIN, and the configured one for KBank', () => {
    const iins = { bcel: '27710418', jdb: '32170418', ldb: '70030418', lvb: '70050418', indochina: '70140418' } as const;
    for (const [bank, iin] of Object.entries(iins)) {
      const parsed = parseLaoQr(buildLaoQr({ ...input, bank: bank as keyof typeof iins }));
      expect(parsed.iin).toBe(iin);
      expect(parsed.bank).toBe(bank);
    }
    expect(() => buildLaoQr({ ...input, bank: 'kasikam' })).toThrow(LaoQrError);
    const kbank = parseLaoQr(buildLaoQr({ ...input, bank: 'kasikam', iin: '70120418' }));
    expect(kbank.iin).toBe('70120418');
    expect(kbank.bank).toBeNull();
  });

  it('truncates the name to 25 and the city to 15 characters', () => {
    const parsed = parseLaoQr(
      buildLaoQr({ ...input, merchantName: 'The Very Long Merchant Name Company', city: 'Luang Prabang Province' }),
    );
    expect(parsed.merchantName).toBe('The Very Long Merchant Na');
    expect(parsed.city).toBe('Luang Prabang P');
  });

  it('refuses input it cannot encode', () => {
    expect(() => buildLaoQr({ ...input, amountLak: 0n })).toThrow(/positive/);
    expect(() => buildLaoQr({ ...input, mcc: '58' })).toThrow(/MCC/);
    expect(() => buildLaoQr({ ...input, merchantName: 'ຮ້ານ' })).toThrow(/ASCII/);
    expect(() => buildLaoQr({ ...input, billNumber: 'X'.repeat(26) })).toThrow(/at most 25/);
    expect(() => buildLaoQr({ ...input, merchantId: 'M'.repeat(80) })).toThrow(/1 to 99/);
  });
});

describe('parseLaoQr', () => {
  it('round-trips every field', () => {
    const payload = buildLaoQr(input);
    expect(parseLaoQr(payload)).toEqual({
      initiation: '12',
      aid: LAO_QR_AID,
      iin: '27710418',
      bank: 'bcel',
      merchantId: 'MCH0001',
      mcc: '5816',
      currency: '418',
      amountLak: 100_000n,
      country: 'LA',
      merchantName: 'Lao Credit Demo',
      city: 'Vientiane',
      billNumber: 'D2611220001',
      reference: 'D2611220001',
      crc: payload.slice(-4),
    });
    expect(parseLaoQr(`  ${payload}\n`).amountLak).toBe(100_000n);
  });

  it('refuses a tampered payload: a changed amount without a new CRC', () => {
    const payload = buildLaoQr(input);
    const tampered = payload.replace('5406100000', '5406900000');
    expect(() => parseLaoQr(tampered)).toThrow(/CRC/);
  });

  it('refuses bad CRCs, bad TLV and missing fields even when resealed', () => {
    const payload = buildLaoQr(input);
    expect(() => parseLaoQr(payload.slice(0, -1))).toThrow(LaoQrError);
    expect(() => parseLaoQr(payload.slice(0, -8))).toThrow(/CRC field/);
    expect(() => parseLaoQr(`${payload.slice(0, -4)}ZZZZ`)).toThrow(/CRC/);
    expect(() => parseLaoQr(reseal(payload, '5406100000', '5409100000'))).toThrow(/truncated|malformed/);
    expect(() => parseLaoQr(reseal(payload, '000201', '000202'))).toThrow(/000201/);
    expect(() => parseLaoQr(reseal(payload, '010212', '010213'))).toThrow(/initiation/);
    expect(() => parseLaoQr(reseal(payload, '5406100000', '540601.000'))).toThrow(/whole kip/);
    expect(() => parseLaoQr(reseal(payload, '5406100000', ''))).toThrow(/amount/);
    expect(() => parseLaoQr(reseal(payload, LAO_QR_AID, 'A000000677010111'))).toThrow(/application id/);
    expect(() => parseLaoQr(reseal(payload, '5802LA', ''))).toThrow(/country/);
    expect(() => parseLaoQr(reseal(payload, '5802LA', '5802LA5802LA'))).toThrow(/twice/);
    expect(() => parseLaoQr('ສະບາຍດີ')).toThrow(/malformed/);
  });
});
