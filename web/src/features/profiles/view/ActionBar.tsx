import { Ban, Flag, Flame, Heart, MessageCircle, Smile, UserPlus } from 'lucide-react';

const ACTIONS = [
  { label: 'Message', icon: MessageCircle },
  { label: 'Like', icon: Heart },
  { label: 'Wink', icon: Smile },
  { label: 'Friend', icon: UserPlus },
  { label: 'Hotlist', icon: Flame },
  { label: 'Block', icon: Ban },
  { label: 'Report', icon: Flag },
] as const;

/**
 * The member actions that later work builds. Each is shown so members know where it will be, but
 * disabled and marked 'Coming soon': no button here pretends to do something.
 */
export function ActionBar({ name }: { name: string }) {
  return (
    <section aria-labelledby="profile-actions" className="grid gap-2 rounded-2xl border border-line bg-card p-3">
      <h2 id="profile-actions" className="flex items-center justify-between text-sm font-semibold">
        <span>Actions</span>
        <span className="rounded-full bg-raised px-2 py-0.5 text-xs font-medium text-muted">Coming soon</span>
      </h2>
      <ul className="grid grid-cols-4 gap-1 sm:grid-cols-7">
        {ACTIONS.map(({ label, icon: Icon }) => (
          <li key={label}>
            <button
              type="button"
              disabled
              title={`${label}: coming soon`}
              className="flex min-h-12 w-full flex-col items-center justify-center gap-1 rounded-xl text-xs text-muted disabled:cursor-not-allowed"
            >
              <Icon aria-hidden size={20} />
              {label}
              <span className="sr-only"> {name}: coming soon</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
