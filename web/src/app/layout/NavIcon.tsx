import { memo, type ComponentType } from 'react';
import { CountBadge } from '../../components/ui/Badge';

/**
 * A navigation icon with its live count in the corner (nothing when the count is zero). Memoized: the
 * bars redraw their links on every count, and the icons only need drawing when their own count changes.
 */
export const NavIcon = memo(function NavIcon({
  icon: Icon,
  size,
  count,
}: {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  size: number;
  count?: number;
}) {
  return (
    <span className="relative">
      <Icon aria-hidden size={size} />
      {count ? (
        <span className="absolute -right-3 -top-2">
          <CountBadge count={count} label={`${count} unread`} />
        </span>
      ) : null}
    </span>
  );
});
