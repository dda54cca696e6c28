import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CheckCircle2,
  Download,
  EllipsisVertical,
  Monitor,
  MonitorDown,
  Share,
  Smartphone,
  SquarePlus,
  Tablet,
  Zap,
  EyeOff,
  Maximize,
} from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LabelBadge } from '../../components/ui/Badge';
import { promptInstall, useInstallPrompt, useStandalone } from '../../lib/install-prompt';
import { siteName } from '../../lib/site';
import { PageIntro } from './Prose';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>;
type Platform = 'ios' | 'android' | 'desktop';

/** A best guess at the visitor's device, only to put their instructions first. */
function detectPlatform(): Platform {
  if (typeof navigator === 'undefined') return 'desktop';
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac; touch points give it away.
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(ua)) return 'android';
  return 'desktop';
}

const InlineIcon = ({ icon: I, label }: { icon: Icon; label: string }) => (
  <span className="mx-0.5 inline-flex translate-y-0.5 items-center rounded-md bg-raised p-0.5 text-ink" role="img" aria-label={label}>
    <I aria-hidden size={14} />
  </span>
);

interface Guide {
  platform: Platform;
  title: string;
  icon: Icon;
  steps: ReactNode[];
  note?: ReactNode;
}

const guides: Guide[] = [
  {
    platform: 'ios',
    title: 'iPhone and iPad (Safari)',
    icon: Tablet,
    steps: [
      <>Open {siteName} in Safari.</>,
      <>
        Tap the Share button <InlineIcon icon={Share} label="Share" />, at the bottom of the screen on iPhone or at the top on iPad.
      </>,
      <>
        Scroll down and tap <strong>Add to Home Screen</strong> <InlineIcon icon={SquarePlus} label="Add to Home Screen" />.
      </>,
      <>
        Check the name, then tap <strong>Add</strong>. {siteName} appears on your home screen.
      </>,
    ],
    note: <>On recent versions of iOS, Chrome and Edge on iPhone also offer Add to Home Screen in their Share menu.</>,
  },
  {
    platform: 'android',
    title: 'Android (Chrome)',
    icon: Smartphone,
    steps: [
      <>Open {siteName} in Chrome.</>,
      <>
        Tap the menu <InlineIcon icon={EllipsisVertical} label="More" /> at the top right.
      </>,
      <>
        Tap <strong>Install app</strong>. On some phones it is called <strong>Add to Home screen</strong>.
      </>,
      <>
        Tap <strong>Install</strong> to confirm. {siteName} appears on your home screen and in your app list.
      </>,
    ],
    note: <>Samsung Internet works the same way: menu, then Add page to, then Home screen.</>,
  },
  {
    platform: 'desktop',
    title: 'Computer (Chrome or Edge)',
    icon: Monitor,
    steps: [
      <>Open {siteName} in Chrome or Microsoft Edge.</>,
      <>
        Click the install icon <InlineIcon icon={MonitorDown} label="Install" /> at the right of the address bar.
      </>,
      <>
        No icon? In Chrome open the menu <InlineIcon icon={EllipsisVertical} label="More" />, then <strong>Cast, save and share</strong>,
        then <strong>Install page as app</strong>. In Edge open the menu, then <strong>Apps</strong>, then{' '}
        <strong>Install this site as an app</strong>.
      </>,
      <>
        Click <strong>Install</strong>. {siteName} opens in its own window and can be pinned to your taskbar or dock.
      </>,
    ],
  },
];

const reasons: { icon: Icon; title: string; line: string }[] = [
  { icon: Maximize, title: 'Full screen', line: 'No browser bars, just the app.' },
  { icon: Zap, title: 'Starts fast', line: 'Opens straight from your home screen.' },
  { icon: EyeOff, title: 'Discreet', line: `The icon shows only the name ${siteName}.` },
];

function InstallStatus({ standalone }: { standalone: boolean }) {
  const { event, installed } = useInstallPrompt();
  const [dismissed, setDismissed] = useState(false);

  if (standalone) {
    return (
      <Card className="flex flex-col gap-3 border-success/40 sm:flex-row sm:items-center" role="status">
        <CheckCircle2 aria-hidden size={28} className="shrink-0 text-success" />
        <div className="grid grow gap-1">
          <p className="text-lg font-semibold">Installed</p>
          <p className="text-sm text-muted">You are using the {siteName} app. There is nothing more to do.</p>
        </div>
        <Link to="/dashboard" className={buttonClass('secondary')}>
          Go to Dashboard
        </Link>
      </Card>
    );
  }

  if (installed) {
    return (
      <Card className="flex gap-3 border-success/40" role="status">
        <CheckCircle2 aria-hidden size={28} className="shrink-0 text-success" />
        <div className="grid gap-1">
          <p className="text-lg font-semibold">Installed</p>
          <p className="text-sm text-muted">Open {siteName} from your home screen or app list.</p>
        </div>
      </Card>
    );
  }

  if (event) {
    return (
      <Card className="grid gap-3">
        <p className="text-sm text-muted">Your browser can install {siteName} in one step.</p>
        <Button
          className="w-full sm:w-auto sm:justify-self-start"
          onClick={() => {
            void promptInstall().then((outcome) => setDismissed(outcome === 'dismissed'));
          }}
        >
          <Download aria-hidden size={18} />
          Install app
        </Button>
      </Card>
    );
  }

  return (
    <Card className="text-sm text-muted">
      {dismissed
        ? 'Installation was cancelled. You can still install the app by following the steps for your device below.'
        : 'Follow the steps for your device below. It takes less than a minute.'}
    </Card>
  );
}

export default function InstallAppPage() {
  const standalone = useStandalone();
  const [platform] = useState(detectPlatform);
  const ordered = [...guides].sort((a, b) => Number(b.platform === platform) - Number(a.platform === platform));

  return (
    <div className="grid gap-6">
      <PageIntro
        title="Install the app"
        lead={`Add ${siteName} to your home screen and open it like any other app. No app store needed: it is the same account, messages and settings.`}
      />

      <InstallStatus standalone={standalone} />

      <ul className="grid grid-cols-3 gap-2" aria-label="Why install">
        {reasons.map(({ icon: ReasonIcon, title, line }) => (
          <li key={title} className="grid content-start justify-items-center gap-1 rounded-2xl border border-line bg-card p-3 text-center">
            <ReasonIcon aria-hidden size={20} className="text-pink-300" />
            <span className="text-sm font-semibold">{title}</span>
            <span className="text-xs text-muted">{line}</span>
          </li>
        ))}
      </ul>

      {!standalone &&
        ordered.map(({ platform: p, title, icon: GuideIcon, steps, note }) => (
          <section key={p} aria-labelledby={`install-${p}`} className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`install-${p}`} className="flex items-center gap-2 text-xl font-semibold">
                <GuideIcon aria-hidden size={20} className="text-pink-300" />
                {title}
              </h2>
              {p === platform && <LabelBadge>Your device</LabelBadge>}
            </div>
            <Card>
              <ol className="grid gap-3">
                {steps.map((step, i) => (
                  <li key={i} className="flex gap-3 text-[15px] leading-relaxed">
                    <span
                      aria-hidden
                      className="bg-brand grid h-7 w-7 shrink-0 place-items-center rounded-full text-sm font-bold text-white"
                    >
                      {i + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
              {note && <p className="mt-3 border-t border-line pt-3 text-sm text-muted">{note}</p>}
            </Card>
          </section>
        ))}
    </div>
  );
}
