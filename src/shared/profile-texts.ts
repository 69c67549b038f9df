/** Why an admin without a PIN cannot be switched to: the server's 403 and the picker say it. */
export const SIGN_IN_WITH_PASSWORD = 'Set a PIN on your Account page to switch to this profile; until then, sign in with your password';
