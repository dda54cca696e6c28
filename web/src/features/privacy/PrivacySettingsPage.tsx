import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Lightbulb } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import type { PrivacySettings } from '@velvet/core/schemas/privacy.schema';
import { Card } from '../../components/ui/Card';
import { LabelBadge } from '../../components/ui/Badge';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { Switch } from '../../components/ui/Switch';
import { usePrivacySettings, useUpdatePrivacySettings } from './api/settings';
import { BlockedUsers } from './BlockedUsers';

const TOGGLES: { key: keyof PrivacySettings; label: string; line: string }[] = [
  { key: 'anonymousMode', label: messages.privacy.anonymousMode, line: messages.privacy.anonymousModeLine },
  { key: 'hideLastActive', label: messages.privacy.hideLastActive, line: messages.privacy.hideLastActiveLine },
  { key: 'hideLocation', label: messages.privacy.hideLocation, line: messages.privacy.hideLocationLine },
];

function Toggle({
  label,
  line,
  checked,
  active,
  onChange,
}: {
  label: string;
  line: string;
  checked: boolean;
  active?: boolean;
  onChange: (v: boolean) => void;
}) {
  const lineId = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="grid gap-0.5">
        <p className="flex items-center gap-2 font-medium">
          {label}
          {active && <LabelBadge tone="success">{messages.privacy.active}</LabelBadge>}
        </p>
        <p id={lineId} className="text-sm text-muted">
          {line}
        </p>
      </div>
      <Switch checked={checked} onChange={onChange} label={label} describedBy={lineId} />
    </li>
  );
}

/** /privacy-settings (spec §2): the three privacy toggles, a privacy tip, and the members I blocked. */
export default function PrivacySettingsPage() {
  const settings = usePrivacySettings();
  const update = useUpdatePrivacySettings();

  return (
    <div className="grid gap-4">
      <Link
        to="/profile"
        className="inline-flex min-h-11 items-center gap-1 justify-self-start rounded-xl pr-3 text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden size={18} /> My Profile
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{messages.privacy.title}</h1>
        <p className="text-sm text-muted">{messages.privacy.subtitle}</p>
      </div>

      <Card>
        {settings.isPending ? (
          <div className="grid place-items-center py-6">
            <Spinner label="Loading your privacy settings" />
          </div>
        ) : settings.isError ? (
          <LoadError
            title={messages.privacy.loadFailed}
            error={settings.error}
            what="your privacy settings"
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <ul className="divide-y divide-line">
            {TOGGLES.map(({ key, label, line }) => (
              <Toggle
                key={key}
                label={label}
                line={line}
                checked={settings.data[key]}
                active={key === 'anonymousMode' && settings.data.anonymousMode}
                onChange={(value) => update.mutate({ [key]: value })}
              />
            ))}
          </ul>
        )}
      </Card>

      <Card className="flex gap-3">
        <Lightbulb aria-hidden size={20} className="mt-0.5 shrink-0 text-brand-pink" />
        <div className="grid gap-1">
          <h2 className="font-semibold">{messages.privacy.tipTitle}</h2>
          <p className="text-sm text-muted">{messages.privacy.tip}</p>
        </div>
      </Card>

      <BlockedUsers />
    </div>
  );
}
