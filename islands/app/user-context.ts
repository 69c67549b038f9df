import { createContext, useContext } from 'react';
import type { UserDto } from '../../src/shared/types.ts';

/** The signed-in user, provided once by the app shell. */
export const UserContext = createContext<UserDto | null>(null);

export function useUser(): UserDto {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser outside the app shell');
  return user;
}
