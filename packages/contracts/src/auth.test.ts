import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema } from './auth.js';

describe('changePasswordBodySchema', () => {
  it('refuses the current password as the new one, at the new password field', () => {
    const read = changePasswordBodySchema.safeParse({
      currentPassword: 'current-pass',
      newPassword: 'current-pass',
      confirmNewPassword: 'current-pass',
    });
    expect(read.success).toBe(false);
    expect(read.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['newPassword', 'password.validation.same_as_current']]);
  });

  it('accepts a new password that differs', () => {
    const body = { currentPassword: 'current-pass', newPassword: 'brand-new-pass', confirmNewPassword: 'brand-new-pass' };
    expect(changePasswordBodySchema.parse(body)).toEqual(body);
  });
});
