/** argon2id through Bun.password; hashing runs off the main thread. */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' });
}

// A real hash of a random password, verified against when the username is unknown, so an
// unknown user costs the same time as a wrong password and the two cannot be told apart.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (hash === undefined) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await Bun.password.verify(password, await decoyHash);
    return false;
  }
  return Bun.password.verify(password, hash);
}
