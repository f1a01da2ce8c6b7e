import type { Language } from './languages.js';

/**
 * The promotion messages of SPEC.md §8 that are not an error code's, in every language of the site
 * (`{{provider}}` is filled in by i18next). The web registers them as its `promotion` namespace's
 * `messages`; the error codes themselves are translated in the web's errors.json.
 */
export const PROMOTION_MESSAGE_KEYS = ['usedByProvider', 'oneAtATime', 'needsBankAccount', 'blocked', 'received', 'cancelled'] as const;
export type PromotionMessageKey = (typeof PROMOTION_MESSAGE_KEYS)[number];

export const PROMOTION_MESSAGES: Record<Language, Record<PromotionMessageKey, string>> = {
  lo: {
    usedByProvider: 'ໂປຣໂມຊັ່ນນີ້ຖືກໃຊ້ແລ້ວກັບຜູ້ໃຫ້ບໍລິການ {{provider}}',
    oneAtATime: 'ໃຊ້ໄດ້ພຽງໜຶ່ງໂປຣໂມຊັ່ນຕໍ່ຄັ້ງ',
    needsBankAccount: 'ກະລຸນາເພີ່ມບັນຊີທະນາຄານເພື່ອຮັບໂປຣໂມຊັ່ນ',
    blocked: 'ບັນຊີຂອງທ່ານຖືກລະງັບການຮັບໂປຣໂມຊັ່ນ',
    received: 'ຮັບໂປຣໂມຊັ່ນສຳເລັດ',
    cancelled: 'ຍົກເລີກໂປຣໂມຊັ່ນແລ້ວ',
  },
  cn: {
    usedByProvider: '该优惠已在游戏商 {{provider}} 使用',
    oneAtATime: '每次只能使用一个优惠',
    needsBankAccount: '请先添加银行账户以领取优惠',
    blocked: '您的账户已被禁止领取优惠',
    received: '领取优惠成功',
    cancelled: '优惠已取消',
  },
  vn: {
    usedByProvider: 'Khuyến mãi đã được dùng ở nhà cung cấp {{provider}}',
    oneAtATime: 'Mỗi lần chỉ được dùng một khuyến mãi',
    needsBankAccount: 'Vui lòng thêm tài khoản ngân hàng để nhận khuyến mãi',
    blocked: 'Tài khoản của bạn bị chặn nhận khuyến mãi',
    received: 'Nhận khuyến mãi thành công',
    cancelled: 'Đã hủy khuyến mãi',
  },
  th: {
    usedByProvider: 'โปรโมชั่นนี้ถูกใช้แล้วกับผู้ให้บริการ {{provider}}',
    oneAtATime: 'ใช้ได้ครั้งละหนึ่งโปรโมชั่นเท่านั้น',
    needsBankAccount: 'กรุณาเพิ่มบัญชีธนาคารเพื่อรับโปรโมชั่น',
    blocked: 'บัญชีของคุณถูกระงับการรับโปรโมชั่น',
    received: 'รับโปรโมชั่นสำเร็จ',
    cancelled: 'ยกเลิกโปรโมชั่นแล้ว',
  },
};
