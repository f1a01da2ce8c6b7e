import type { AlertEvent, AlertLanguage } from '@app/contracts';

type Params = Record<string, string | number>;
type Kind = AlertEvent | 'test';

/** thousands grouped by commas, as staff read kip and baht ("1,250,000", "1,500.50") */
const grouped = (v: string | number | undefined) => {
  const [whole = '', fraction] = String(v ?? '').split('.');
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction === undefined ? '' : `.${fraction}`);
};

const TEXTS: Record<AlertLanguage, Record<string, (p: Params) => string>> = {
  en: {
    withdrawal_large: (p) => `Withdrawal ${p.code} by ${p.username}: ${grouped(p.amountLak)} kip, over ${grouped(p.thresholdLak)} kip`,
    withdrawal_waiting: (p) => `Withdrawal ${p.code} by ${p.username} (${grouped(p.amountLak)} kip) has waited over ${p.minutes} minutes`,
    'attention.deposit_failed': (p) => `Deposit ${p.code} (${grouped(p.amountLak)} kip) was not credited: needs attention`,
    'attention.unmatched_payment': (p) => `Payment ${p.code} (${grouped(p.amountLak)} kip) matches no order: needs attention`,
    'attention.withdrawal_return': (p) => `Withdrawal ${p.code}: the credit could not be returned: needs attention`,
    transfer_unknown: (p) => `Transfer ${p.reference} (${grouped(p.amountThb)} THB, ${p.provider}, ${p.username}) is still unknown`,
    reconciliation: (p) =>
      `Reconciliation found a difference: ${p.detail}${p.amountLak ? ` (${grouped(p.amountLak)} kip)` : p.amountThb ? ` (${grouped(p.amountThb)} THB)` : ''}`,
    test: () => 'Test message: staff alerts work.',
  },
  lo: {
    withdrawal_large: (p) => `ການຖອນ ${p.code} ຂອງ ${p.username}: ${grouped(p.amountLak)} ກີບ, ເກີນ ${grouped(p.thresholdLak)} ກີບ`,
    withdrawal_waiting: (p) => `ການຖອນ ${p.code} ຂອງ ${p.username} (${grouped(p.amountLak)} ກີບ) ລໍຖ້າເກີນ ${p.minutes} ນາທີ`,
    'attention.deposit_failed': (p) => `ການຝາກ ${p.code} (${grouped(p.amountLak)} ກີບ) ເຕີມເຄຣດິດບໍ່ສຳເລັດ: ຕ້ອງກວດເບິ່ງ`,
    'attention.unmatched_payment': (p) => `ເງິນເຂົ້າ ${p.code} (${grouped(p.amountLak)} ກີບ) ບໍ່ກົງກັບລາຍການໃດ: ຕ້ອງກວດເບິ່ງ`,
    'attention.withdrawal_return': (p) => `ການຖອນ ${p.code}: ສົ່ງເຄຣດິດຄືນບໍ່ສຳເລັດ: ຕ້ອງກວດເບິ່ງ`,
    transfer_unknown: (p) => `ການໂອນ ${p.reference} (${grouped(p.amountThb)} ບາດ, ${p.provider}, ${p.username}) ຍັງບໍ່ຮູ້ຜົນ`,
    reconciliation: (p) =>
      `ການກະທົບຍອດພົບຄວາມແຕກຕ່າງ: ${p.detail}${p.amountLak ? ` (${grouped(p.amountLak)} ກີບ)` : p.amountThb ? ` (${grouped(p.amountThb)} ບາດ)` : ''}`,
    test: () => 'ຂໍ້ຄວາມທົດລອງ: ການແຈ້ງເຕືອນພະນັກງານໃຊ້ໄດ້.',
  },
};

/** The message of an alert in the agency's alert language, after the agency's name. */
export function alertText(language: AlertLanguage, agencyName: string, kind: Kind, params: Params): string {
  const texts = TEXTS[language];
  const text = texts[kind === 'attention' ? `attention.${params.what}` : kind] ?? texts[kind];
  return `[${agencyName}] ${text ? text(params) : kind}`;
}
