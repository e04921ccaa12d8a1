import { describe, expect, it } from 'vitest';
import {
  newPasswordFormSchema,
  registerEditorInputSchema,
  resetPasswordInputSchema,
  updatePasswordFormSchema,
} from './auth';

const firstMessage = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => r.error?.issues[0];

describe('auth input schemas', () => {
  it("says 'Passwords do not match' under the confirmation field of the forms", () => {
    for (const schema of [newPasswordFormSchema, updatePasswordFormSchema]) {
      const issue = firstMessage(
        schema.safeParse({ oldPassword: 'old-pass', newPassword: 'abcdef', confirmPassword: 'abcdeg' }),
      );
      expect(issue?.message).toBe('Passwords do not match');
      expect(issue?.path).toEqual(['confirmPassword']);
    }
  });

  it('reset-password reports a mismatch on the whole body, and the minimum length first', () => {
    const mismatch = resetPasswordInputSchema.safeParse({
      email: 'a@b.co',
      newPassword: 'abcdef',
      confirmPassword: 'x',
      resetToken: 'token-from-verify-otp',
    });
    expect(firstMessage(mismatch)).toMatchObject({ message: 'Passwords do not match', path: [] });
    const short = resetPasswordInputSchema.safeParse({
      email: 'a@b.co',
      newPassword: 'abc',
      confirmPassword: 'abc',
      resetToken: 'token-from-verify-otp',
    });
    expect(firstMessage(short)?.message).toBe('New password must be at least 6 characters');
  });

  it('register-editor trims the e-mail and treats an empty one as none', () => {
    expect(registerEditorInputSchema.parse({ username: ' ed ', password: 'secret1', email: '  ' })).toEqual({
      username: 'ed',
      password: 'secret1',
      email: undefined,
    });
    expect(
      registerEditorInputSchema.parse({ username: 'ed', password: 'secret1', email: ' Ed@Example.com ' })
        .email,
    ).toBe('Ed@Example.com');
    expect(
      firstMessage(registerEditorInputSchema.safeParse({ username: 'ed', password: 'secret1', email: 'x' }))
        ?.message,
    ).toBe('Please enter a valid email address');
  });
});
