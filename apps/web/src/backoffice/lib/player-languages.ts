import type { Language } from '@app/contracts';

/** Each player language named in itself, and its BCP 47 tag (for `lang`: screen readers, fonts). */
export const LANGUAGE_NAMES: Record<Language, string> = { lo: 'ລາວ', cn: '中文', vn: 'Tiếng Việt', th: 'ไทย' };
export const LANGUAGE_TAGS: Record<Language, string> = { lo: 'lo-LA', cn: 'zh-CN', vn: 'vi-VN', th: 'th-TH' };
