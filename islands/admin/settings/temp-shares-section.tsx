import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMegabytes } from '../../../src/shared/format.ts';
import type { AdminTempShareDto } from '../../../src/shared/schemas/temp-share-admin.ts';
import { settingsKeys, useSettings } from '../../lib/api/settings.ts';
import { tempShareApi, tempShareKeys, useTempShares } from '../../lib/api/temp-shares.ts';
import { AlertDialog, AlertDialogContent } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast-store.ts';
import { formatLongDate } from './format-date.ts';
import { SettingsCard, SettingsList } from './settings-card.tsx';
import { messageOf } from '../../lib/api/request.ts';
import { iconAudioLines, iconTrash2 } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

/** The guests' uploads against ANON_SHARE_QUOTA_MB, as a bar with the figures. */
function GuestQuota() {
  const { data } = useSettings();
  if (!data) return null;
  const { usedBytes, limitBytes } = data.guestQuota;
  const percent = limitBytes > 0 ? Math.min(100, (usedBytes / limitBytes) * 100) : 100;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm" data-testid="guest-quota">
        Guests' uploads: <span className="tabular-nums">{formatMegabytes(usedBytes)}</span> of <span className="tabular-nums">{formatMegabytes(limitBytes)}</span> used
      </p>
      <div role="progressbar" aria-label="Guests' quota used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

const sharer = (share: AdminTempShareDto) => share.sharedBy ?? share.uploadedBy ?? 'Guest';

/** Temporary shares (docs/architecture.md): each with who shared it, size, dates; admins delete them here. */
export function TempSharesSection() {
  const shares = useTempShares();
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<AdminTempShareDto | null>(null);
  const remove = useMutation({
    mutationFn: (share: AdminTempShareDto) => tempShareApi.remove(share.id),
    onSuccess: (_nothing, share) => toast({ title: 'Share deleted', description: `The link to "${share.title}" no longer works` }),
    onError: (error) => toast({ title: 'Failed to delete share', description: messageOf(error, 'Please try again'), variant: 'destructive' }),
    onSettled: () => {
      setDeleting(null);
      return Promise.all([client.invalidateQueries({ queryKey: tempShareKeys.list }), client.invalidateQueries({ queryKey: settingsKeys.settings })]);
    },
  });

  return (
    <SettingsCard title="Temporary Shares" description="Audio shared from the Share Audio page. Deleting one stops its link from working.">
      <GuestQuota />
      <SettingsList query={shares} what="temporary shares" label="Temporary shares" empty="No temporary shares" skeletonRows={2}>
        {(share) => (
          <li key={share.id} data-testid="temp-share-row" className="flex items-center gap-3 px-3 py-2.5">
            <Icon svg={iconAudioLines} className="hidden shrink-0 text-xl text-muted-foreground sm:block" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <a href={`/share/${share.shareId}`} className="truncate rounded-sm font-medium hover:underline focusable">
                {share.title}
              </a>
              <p className="text-sm text-muted-foreground">
                Shared by {sharer(share)} · <span className="tabular-nums">{formatMegabytes(share.fileSize)}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                Created {formatLongDate(share.createdAt)} · {share.expiresAt ? `Expires ${formatLongDate(share.expiresAt)}` : 'Never expires'}
              </p>
            </div>
            <Button variant="ghost" size="icon" aria-label={`Delete ${share.title}`} onClick={() => setDeleting(share)}>
              <Icon svg={iconTrash2} className="text-xl text-destructive-text" />
            </Button>
          </li>
        )}
      </SettingsList>
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting ? (
          <AlertDialogContent
            title="Delete Share?"
            description={`The link to "${deleting.title}" will stop working. This cannot be undone.`}
            confirmLabel="Delete"
            busy={remove.isPending}
            onConfirm={() => remove.mutate(deleting)}
          />
        ) : null}
      </AlertDialog>
    </SettingsCard>
  );
}
