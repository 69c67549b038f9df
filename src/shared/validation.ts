/** Rules and texts shared by the server and the browser. */
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
export const USERNAME_MAX = 64;
export const PASSWORD_MAX = 256;

export const MESSAGES = {
  usernameTooShort: 'Username must be at least 3 characters',
  passwordTooShort: 'Password must be at least 6 characters',
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  usernameCharacters: 'Username may not contain spaces or control characters',
} as const;

/** Returns the first problem with a username, or null when it is acceptable. */
export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX) return MESSAGES.usernameTooLong;
  if (/[\s\p{Cc}\p{Cf}]/u.test(username)) return MESSAGES.usernameCharacters;
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  return null;
}
