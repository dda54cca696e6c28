import { useSearchParams } from 'react-router';
import { Send, Smile } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { WINKS_TABS, type WinksTab } from '@velvet/core/schemas/connection.schema';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useWinks } from './api/lists';
import { useMarkSeen } from './api/mark-seen';
import { ActionButton } from './components/ActionButton';
import { ConnectionList } from './components/ConnectionList';
import { whenText } from './when';

const copy = messages.connections;
const isTab = (v: string | null): v is WinksTab => WINKS_TABS.includes(v as WinksTab);

/** /winks: winks received and sent. Opening it marks the received ones seen. */
export default function WinksPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: WinksTab = isTab(raw) ? raw : 'received';
  useMarkSeen('winks');
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{copy.winksTitle}</h1>
        <p className="text-sm text-muted">{copy.winksSubtitle}</p>
      </div>
      <Tabs
        label="Winks"
        value={tab}
        onChange={(next) => setParams(next === 'received' ? {} : { tab: next }, { replace: true })}
        items={[
          { value: 'received', label: 'Received' },
          { value: 'sent', label: 'Sent' },
        ]}
      >
        <TabPanel value={tab}>
          <WinksTabPanel tab={tab} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function WinksTabPanel({ tab }: { tab: WinksTab }) {
  const query = useWinks(tab);
  const received = tab === 'received';
  return (
    <ConnectionList
      query={query}
      what={received ? 'your winks' : 'the winks you sent'}
      empty={
        received
          ? { icon: <Smile aria-hidden size={28} />, title: copy.noWinksReceived, line: copy.noWinksReceivedLine }
          : { icon: <Send aria-hidden size={28} />, title: copy.noWinksSent, line: copy.noWinksSentLine }
      }
      details={(item) => <span className="text-xs text-muted">{whenText(item.at)}</span>}
      actions={({ member: m }) =>
        received ? <ActionButton action="wink" userId={m.userId} name={m.displayName} label="Wink back" /> : null
      }
    />
  );
}
