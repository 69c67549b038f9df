import type { UserRow } from '../../../db/schema/index.ts';
import type { UserDto } from '../../shared/types.ts';

export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    username: row.username,
    isAdmin: row.isAdmin,
    displayPreference: row.displayPreference,
  };
}
