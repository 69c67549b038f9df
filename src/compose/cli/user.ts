import { changePassword, createUser, listUsers, removeUser, setAdminByName } from '../../services/accounts/users.ts';
import { type CliCommand, type CliContext, CliUsageError } from './command.ts';

function requireName(ctx: CliContext): string {
  const name = ctx.args.positionals[1];
  if (!name) throw new CliUsageError(`"user ${ctx.args.positionals[0]}" needs a user name`);
  return name;
}

function requirePassword(ctx: CliContext): string {
  const password = ctx.args.values.password;
  if (typeof password !== 'string') throw new CliUsageError('--password PW is required');
  return password;
}

export const userCommand: CliCommand = {
  options: { password: { type: 'string' }, admin: { type: 'boolean', default: false } },
  async run(ctx) {
    const action = ctx.args.positionals[0];
    switch (action) {
      case 'add': {
        const isAdmin = ctx.args.values.admin === true;
        const user = await createUser(ctx.db, { username: requireName(ctx), password: requirePassword(ctx), isAdmin });
        ctx.print(`Created ${user.isAdmin ? 'admin' : 'user'} "${user.username}".`);
        return;
      }
      case 'passwd': {
        const user = await changePassword(ctx.db, requireName(ctx), requirePassword(ctx));
        ctx.print(`Changed the password of "${user.username}"; their sessions were signed out and their app passwords revoked.`);
        return;
      }
      case 'list': {
        const users = listUsers(ctx.db);
        if (users.length === 0) ctx.print('No users yet.');
        for (const user of users) ctx.print(`${user.username}${user.isAdmin ? ' (admin)' : ''}`);
        return;
      }
      case 'promote':
      case 'demote': {
        // The same rule as Settings: the last admin is never demoted.
        const updated = await setAdminByName(ctx.db, requireName(ctx), action === 'promote');
        ctx.print(`"${updated.username}" is ${updated.isAdmin ? 'now an admin' : 'no longer an admin'}.`);
        return;
      }
      case 'remove': {
        const name = requireName(ctx);
        removeUser(ctx.db, name);
        ctx.print(`Removed "${name}".`);
        return;
      }
      default:
        throw new CliUsageError('Use one of: user add, user passwd, user list, user promote, user demote, user remove');
    }
  },
};
