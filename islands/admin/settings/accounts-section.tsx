import { useState } from 'react';
import type { AccountDto } from '../../../src/shared/schemas/accounts.ts';
import { useUser } from '../../app/user-context.ts';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, OptionsTrigger } from '../../ui/dropdown-menu.tsx';
import { AddAccountDialog, ResetPasswordDialog } from './account-dialogs.tsx';
import { useAccountWrites } from './account-writes.ts';
import { RestrictionsDialog, restrictionSummary } from './restrictions-dialog.tsx';
import { formatLongDate } from './format-date.ts';
import { SettingsCard, SettingsList } from './settings-card.tsx';
import { useAccounts } from '../../lib/api/accounts.ts';
import { iconCircleUserRound, iconKeyRound, iconShield, iconShieldCheck, iconShieldOff, iconUserPlus, iconUserX } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

export const LAST_ADMIN_NOTE = "The only admin: can't be demoted or removed, as Hearth needs at least one admin.";

const playlists = (n: number) => (n === 1 ? '1 playlist' : `${n} playlists`);

/** What removing says it takes with it (the playlists go with the account). */
export function removalText(account: AccountDto): string {
  const what = account.playlistCount === 0 ? 'They have no playlists.' : `Their ${playlists(account.playlistCount)} will be removed too.`;
  return `"${account.username}" will no longer be able to log in. ${what} This cannot be undone.`;
}

/** Family accounts: list, add, reset a password, make or revoke admin, restrict a member, remove (never the last admin). */
export function AccountsSection() {
  const me = useUser();
  const accounts = useAccounts();
  const writes = useAccountWrites(me.id);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<AccountDto | null>(null);
  const [removing, setRemoving] = useState<AccountDto | null>(null);
  const [restricting, setRestricting] = useState<AccountDto | null>(null);
  const adminCount = accounts.data?.filter((account) => account.isAdmin).length ?? 0;

  const confirmRemove = () => {
    if (!removing) return;
    // A failed delete closes its confirmation too; the toast says why.
    writes.remove.mutate(removing, { onSettled: () => setRemoving(null) });
  };

  return (
    <SettingsCard
      title="Family Accounts"
      description="Everyone who can sign in to this Hearth."
      action={
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Icon svg={iconUserPlus} className="text-base" />
          Add Account
        </Button>
      }
    >
      <SettingsList query={accounts} what="accounts" label="Accounts">
        {(account) => {
          const lastAdmin = account.isAdmin && adminCount <= 1;
          const restricted = restrictionSummary(account.restrictions);
          return (
            <li key={account.id} data-testid="account-row" className="flex items-center gap-3 px-3 py-2.5">
              <Icon svg={iconCircleUserRound} className="hidden shrink-0 text-2xl text-muted-foreground sm:block" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="truncate font-medium">{account.username}</span>
                  {account.isAdmin ? <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-medium text-accent-text">Admin</span> : null}
                  {restricted ? (
                    <span data-testid="restriction-badge" className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                      <Icon svg={iconShield} className="mr-1 align-[-2px]" />
                      {restricted}
                    </span>
                  ) : null}
                  {account.id === me.id ? <span className="text-xs text-muted-foreground">(you)</span> : null}
                </div>
                <p className="text-sm text-muted-foreground">
                  <span className="tabular-nums">{playlists(account.playlistCount)}</span> · Created {formatLongDate(account.createdAt)}
                </p>
                {lastAdmin ? <p className="text-sm text-muted-foreground" data-testid="last-admin-note">{LAST_ADMIN_NOTE}</p> : null}
              </div>
              <DropdownMenu>
                <OptionsTrigger label={`Options for ${account.username}`} />
                <DropdownMenuContent>
                  <DropdownMenuItem icon={iconKeyRound} onSelect={() => setResetting(account)}>
                    Reset Password
                  </DropdownMenuItem>
                  {account.isAdmin ? (
                    <DropdownMenuItem icon={iconShieldOff} disabled={lastAdmin} onSelect={() => writes.setAdmin.mutate({ account, isAdmin: false })}>
                      Revoke Admin
                    </DropdownMenuItem>
                  ) : (
                    <>
                      <DropdownMenuItem icon={iconShieldCheck} disabled={restricted !== null} onSelect={() => writes.setAdmin.mutate({ account, isAdmin: true })}>
                        Make Admin
                      </DropdownMenuItem>
                      <DropdownMenuItem icon={iconShield} onSelect={() => setRestricting(account)}>
                        Restrictions…
                      </DropdownMenuItem>
                    </>
                  )}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem icon={iconUserX} destructive disabled={lastAdmin} onSelect={() => setRemoving(account)}>
                    Remove
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          );
        }}
      </SettingsList>
      <AddAccountDialog open={adding} onOpenChange={setAdding} busy={writes.create.isPending} onSubmit={(account) => writes.create.mutateAsync(account)} />
      <ResetPasswordDialog
        account={resetting}
        onOpenChange={(open) => !open && setResetting(null)}
        busy={writes.resetPassword.isPending}
        onSubmit={(password) => writes.resetPassword.mutateAsync({ account: resetting!, password })}
      />
      <RestrictionsDialog
        account={restricting}
        onOpenChange={(open) => !open && setRestricting(null)}
        busy={writes.restrict.isPending}
        onSubmit={(restrictions) => writes.restrict.mutateAsync({ account: restricting!, restrictions })}
      />
      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        {removing ? (
          <AlertDialogContent title={`Remove ${removing.username}?`} description={removalText(removing)} confirmLabel="Remove" busy={writes.remove.isPending} onConfirm={confirmRemove} />
        ) : null}
      </AlertDialog>
    </SettingsCard>
  );
}
