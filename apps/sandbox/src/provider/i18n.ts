/** The game page's few words, in the site's languages (SPEC.md: lo, th, cn, vn) with English as fallback. */
const WORDS = {
  en: {
    balance: 'Balance',
    bet: 'Bet',
    spin: 'Spin',
    deal: 'Deal',
    player: 'Player',
    banker: 'Banker',
    tie: 'Tie',
    back: 'Back to site',
    win: 'You win',
    lose: 'No win',
    push: 'Tie: stake returned',
    insufficient: 'Not enough balance',
    failed: 'Something went wrong, try again',
    gone: 'This game link has expired or was already used. Open the game again from the site.',
  },
  lo: {
    balance: 'ຍອດເງິນ',
    bet: 'ເດີມພັນ',
    spin: 'ໝຸນ',
    deal: 'ແຈກໄພ່',
    player: 'ຜູ້ຫຼິ້ນ',
    banker: 'ເຈົ້າມື',
    tie: 'ສະເໝີ',
    back: 'ກັບຄືນເວັບໄຊ',
    win: 'ທ່ານຊະນະ',
    lose: 'ບໍ່ຊະນະ',
    push: 'ສະເໝີ: ຄືນເງິນເດີມພັນ',
    insufficient: 'ຍອດເງິນບໍ່ພໍ',
    failed: 'ເກີດຂໍ້ຜິດພາດ, ລອງໃໝ່',
    gone: 'ລິ້ງເກມນີ້ໝົດອາຍຸ ຫຼື ຖືກໃຊ້ແລ້ວ. ເປີດເກມໃໝ່ຈາກເວັບໄຊ.',
  },
  th: {
    balance: 'ยอดเงิน',
    bet: 'เดิมพัน',
    spin: 'หมุน',
    deal: 'แจกไพ่',
    player: 'ผู้เล่น',
    banker: 'เจ้ามือ',
    tie: 'เสมอ',
    back: 'กลับไปที่เว็บไซต์',
    win: 'คุณชนะ',
    lose: 'ไม่ชนะ',
    push: 'เสมอ: คืนเงินเดิมพัน',
    insufficient: 'ยอดเงินไม่พอ',
    failed: 'เกิดข้อผิดพลาด ลองอีกครั้ง',
    gone: 'ลิงก์เกมนี้หมดอายุหรือถูกใช้แล้ว เปิดเกมอีกครั้งจากเว็บไซต์',
  },
  cn: {
    balance: '余额',
    bet: '下注',
    spin: '旋转',
    deal: '发牌',
    player: '闲',
    banker: '庄',
    tie: '和',
    back: '返回网站',
    win: '你赢了',
    lose: '未中奖',
    push: '和局：退还本金',
    insufficient: '余额不足',
    failed: '出错了，请重试',
    gone: '游戏链接已过期或已使用。请从网站重新打开游戏。',
  },
  vn: {
    balance: 'Số dư',
    bet: 'Cược',
    spin: 'Quay',
    deal: 'Chia bài',
    player: 'Con',
    banker: 'Cái',
    tie: 'Hòa',
    back: 'Quay lại trang',
    win: 'Bạn thắng',
    lose: 'Không thắng',
    push: 'Hòa: hoàn tiền cược',
    insufficient: 'Số dư không đủ',
    failed: 'Đã xảy ra lỗi, hãy thử lại',
    gone: 'Liên kết trò chơi đã hết hạn hoặc đã được sử dụng. Hãy mở lại trò chơi từ trang web.',
  },
} as const;

export type Words = Record<keyof (typeof WORDS)['en'], string>;

export function wordsFor(language: string): Words {
  return language in WORDS ? WORDS[language as keyof typeof WORDS] : WORDS.en;
}

/** `<html lang>` for our language codes (cn and vn are the site's own spellings). */
export function htmlLang(language: string): string {
  return ({ cn: 'zh', vn: 'vi' } as Record<string, string>)[language] ?? (language in WORDS ? language : 'en');
}
