import { promotionInputSchema, type PromotionInput } from '@app/contracts';
import type { Tx } from '../../db/client.js';
import { promotions } from '../../db/schema/index.js';

/** The demo agency's promotions: one per family of rules, so that each can be tried. */
const DEMO_PROMOTIONS: unknown[] = [
  {
    code: 'FIRST100',
    texts: {
      lo: {
        name: 'ໂບນັດຝາກຄັ້ງທຳອິດ 100%',
        summary: 'ຮັບໂບນັດ 100% ສູງສຸດ 300 ບາດ',
        terms: 'ສຳລັບການຝາກຄັ້ງທຳອິດ. ຍອດເດີມພັນ 3 ເທົ່າຂອງເງິນຝາກ + ໂບນັດ. ຖອນໄດ້ສູງສຸດ 500% ຂອງເງິນຝາກ.',
      },
      cn: { name: '首存 100% 奖金', summary: '最高 300 泰铢', terms: '仅限首次存款。流水为存款加奖金的 3 倍。最多可提取存款的 500%。' },
      vn: {
        name: 'Thưởng nạp đầu 100%',
        summary: 'Tối đa 300 THB',
        terms: 'Chỉ cho lần nạp đầu. Cược gấp 3 lần tiền nạp + thưởng. Rút tối đa 500% tiền nạp.',
      },
      th: {
        name: 'โบนัสฝากแรก 100%',
        summary: 'สูงสุด 300 บาท',
        terms: 'สำหรับการฝากครั้งแรก ทำเทิร์น 3 เท่าของยอดฝาก + โบนัส ถอนได้สูงสุด 500% ของยอดฝาก',
      },
    },
    providers: ['gclub', 'alphabet', 'askmebet', 'betflix'],
    rules: {
      firstOrderOnly: true,
      bonus: { kind: 'PERCENT', percent: '100', maxAmount: '300' },
      turnoverMultiple: 3,
      receivableCapPercent: '500',
      maxCreditBeforeDeposit: '5',
    },
  },
  {
    code: 'DAILY10',
    texts: {
      lo: { name: 'ໂບນັດປະຈຳວັນ 10%', summary: 'ຮັບ 10% ສູງສຸດ 100 ບາດ', terms: 'ເຄຣດິດຕ້ອງເຖິງ 1,000 ບາດ ກ່ອນຖອນ.' },
      cn: { name: '每日 10% 奖金', summary: '最高 100 泰铢', terms: '余额达到 1,000 泰铢后方可提款。' },
      vn: { name: 'Thưởng hằng ngày 10%', summary: 'Tối đa 100 THB', terms: 'Điểm phải đạt 1.000 THB trước khi rút.' },
      th: { name: 'โบนัสรายวัน 10%', summary: 'สูงสุด 100 บาท', terms: 'เครดิตต้องถึง 1,000 บาท ก่อนถอน' },
    },
    providers: ['gclub', 'alphabet', 'askmebet', 'betflix'],
    rules: { bonus: { kind: 'PERCENT', percent: '10', maxAmount: '100' }, targetCredit: '1000', maxCreditBeforeDeposit: '5' },
  },
  {
    code: 'SET50K',
    texts: {
      lo: { name: 'ຝາກ 50,000 ກີບ ຮັບ 20 ບາດ', summary: 'ໂບນັດ 20 ບາດ', terms: 'ຝາກ 50,000 ກີບພໍດີ. ຕ້ອງຖອນທັງໝົດ, ຫັກໂບນັດອອກເມື່ອຖອນ.' },
      cn: { name: '存 50,000 基普送 20 泰铢', summary: '20 泰铢奖金', terms: '存款须为 50,000 基普。须全部提取，提款时扣除奖金。' },
      vn: {
        name: 'Nạp 50.000 kip nhận 20 THB',
        summary: 'Thưởng 20 THB',
        terms: 'Nạp đúng 50.000 kip. Phải rút toàn bộ, trừ thưởng khi rút.',
      },
      th: { name: 'ฝาก 50,000 กีบ รับ 20 บาท', summary: 'โบนัส 20 บาท', terms: 'ฝาก 50,000 กีบพอดี ต้องถอนทั้งหมด หักโบนัสเมื่อถอน' },
    },
    providers: ['gclub', 'alphabet', 'askmebet', 'betflix'],
    rules: { depositAmount: '50000', bonus: { kind: 'FIXED', amount: '20' }, withdrawAll: true, deductBonusOnWithdraw: true },
  },
];

/** Writes the demo promotions for a new demo agency, in the seed's transaction. */
export async function seedDemoPromotions(tx: Tx, agencyId: string) {
  const startsAt = new Date('2026-01-01T00:00:00Z').toISOString();
  const inputs: PromotionInput[] = DEMO_PROMOTIONS.map((p) => promotionInputSchema.parse({ startsAt, ...(p as object) }));
  await tx.insert(promotions).values(
    inputs.map((p) => ({
      agencyId,
      code: p.code,
      texts: p.texts,
      providers: p.providers,
      startsAt: new Date(p.startsAt),
      endsAt: null,
      rules: p.rules,
    })),
  );
}
