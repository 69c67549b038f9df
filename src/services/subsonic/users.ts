import type { Db } from '../../../db/client.ts';
import { findUserByUsername, listUsers } from '../../../db/queries/users.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { notAuthorised, notFound } from './errors.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

/** A family member as the API's `User`: what they may do through the apps. */
function toUser(who: UserRow): XmlObject {
  return {
    username: who.username,
    scrobblingEnabled: true,
    adminRole: who.isAdmin,
    settingsRole: false,
    downloadRole: true,
    uploadRole: false,
    playlistRole: true,
    coverArtRole: false,
    commentRole: false,
    podcastRole: false,
    streamRole: true,
    jukeboxRole: false,
    shareRole: true,
    videoConversionRole: false,
    folder: [1],
  };
}

export function userInfo(db: Db, user: UserRow, params: Params): XmlObject {
  const name = params.get('username') ?? user.username;
  let who = user;
  if (name.toLowerCase() !== user.username.toLowerCase()) {
    if (!user.isAdmin) throw notAuthorised("Only an admin can see another person's account");
    const other = findUserByUsername(db, name.normalize('NFC'));
    if (!other) throw notFound('User');
    who = other;
  }
  return { user: toUser(who) };
}

/** getUsers: every account, for admins. */
export function users(db: Db, user: UserRow): XmlObject {
  if (!user.isAdmin) throw notAuthorised('Only an admin can list the accounts');
  return { users: { user: listUsers(db).map(toUser) } };
}

/**
 * getAvatar: Hearth keeps no pictures of people, so every known user answers "not found" (70)
 * and apps draw their initials; an unknown name is the same answer.
 */
export function avatar(params: Params): XmlObject {
  params.required('username');
  throw notFound('Avatar');
}
