import { SHARE_EXPIRY_OPTIONS, type ShareExpiry } from '../../../src/shared/share-expiry.ts';
import { Switch } from '../../ui/checkbox.tsx';
import { Label } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { LoadFailed, SettingsCard } from './settings-card.tsx';
import { useSettings } from '../../lib/api/settings.ts';
import { useSaveSettings } from './settings-queries.ts';
import { iconCircleAlert, iconCircleCheck } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';
import { cn } from '../../ui/cn.ts';

/** The admins' preselected Link Expiration for temporary shares (guests' never expire, docs/architecture.md). */
export function SharingSettings() {
  const settings = useSettings();
  const save = useSaveSettings();
  return (
    <SettingsCard title="Sharing" description="The Link Expiration preselected when an admin shares audio on the Share Audio page. Guests' links never expire.">
      {settings.isError ? <LoadFailed what="settings" onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? <Skeleton className="h-16 w-full max-w-xs" /> : null}
      {settings.data ? (
        <div className="grid max-w-xs gap-2">
          <Label htmlFor="default-share-expiry">Default Link Expiration</Label>
          <Select<ShareExpiry>
            id="default-share-expiry"
            value={settings.data.defaultShareExpiry}
            onChange={(defaultShareExpiry) => save.mutate({ defaultShareExpiry })}
            options={SHARE_EXPIRY_OPTIONS}
          />
        </div>
      ) : null}
    </SettingsCard>
  );
}

/** Whether the login page offers Create Account (docs/architecture.md: closed until an admin opens it). */
export function RegistrationSettings() {
  const settings = useSettings();
  const save = useSaveSettings();
  return (
    <SettingsCard title="Registration" description="When open, anyone who can reach this Hearth can create an account on the login page. New accounts are never admins.">
      {settings.isError ? <LoadFailed what="settings" onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? <Skeleton className="h-11 w-full max-w-xs" /> : null}
      {settings.data ? (
        <div className="flex min-h-11 items-center gap-3">
          <Switch
            id="registration-open"
            checked={settings.data.registrationOpen}
            onChange={(registrationOpen) => save.mutate({ registrationOpen })}
          />
          <Label htmlFor="registration-open">Open registration</Label>
          <span data-testid="registration-state" className="text-sm text-muted-foreground">
            {settings.data.registrationOpen ? 'Open' : 'Closed'}
          </span>
        </div>
      ) : null}
    </SettingsCard>
  );
}

/** Phone apps (Subsonic API): how they connect, and whether ffmpeg can make smaller files for them. */
export function PhoneAppsSettings() {
  const settings = useSettings();
  return (
    <SettingsCard
      title="Phone Apps"
      description="Music apps that speak the Subsonic API (Symfonium, DSub, Substreamer, Amperfy…) connect to this Hearth's address with an app password each person makes on their Account page."
    >
      {settings.isError ? <LoadFailed what="settings" onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? <Skeleton className="h-11 w-full max-w-xs" /> : null}
      {settings.data ? (
        <p data-testid="transcoding-state" className="flex items-start gap-2 text-sm">
          <Icon svg={settings.data.ffmpegVersion ? iconCircleCheck : iconCircleAlert} className={cn('mt-0.5 shrink-0 text-base', settings.data.ffmpegVersion ? 'text-accent-text' : 'text-muted-foreground')} />
          {settings.data.ffmpegVersion
            ? `Transcoding on (ffmpeg ${settings.data.ffmpegVersion}): apps can ask for smaller files on mobile data.`
            : 'Transcoding off: ffmpeg was not found when Hearth started, so apps get the original files. Install ffmpeg and restart Hearth to turn it on.'}
        </p>
      ) : null}
    </SettingsCard>
  );
}
