import { WifiOff } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { useOnline } from '../../lib/online';

/** Says so while the device is offline: the installed app then shows what it last had, not a blank page. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className="flex items-center justify-center gap-2 border-b border-line bg-raised px-4 py-2 text-center text-sm">
      <WifiOff aria-hidden size={16} className="shrink-0" /> {messages.offline.banner}
    </p>
  );
}
