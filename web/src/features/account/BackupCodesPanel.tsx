import { useEffect, useRef } from 'react';
import { Copy, Download } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { siteName } from '../../lib/site';

const fileText = (codes: string[], email: string) =>
  [
    `${siteName} backup codes for ${email}`,
    `Saved ${new Date().toLocaleString('en-GB')}`,
    '',
    'Each code signs you in once if you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');

/** The backup codes, shown once: copy them or download them as a .txt file. */
export function BackupCodesPanel({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: messages.account.backupCodesCopied, variant: 'success' });
    } catch {
      toast({ title: messages.account.copyFailed, variant: 'destructive' });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText(codes, email)], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${siteName.toLowerCase()}-backup-codes.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="grid gap-3 rounded-xl border border-line bg-raised/40 p-3" data-testid="backup-codes">
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        Save your backup codes
      </h3>
      <p className="text-sm text-muted">
        If you lose your phone, each code signs you in once. Keep them somewhere safe, such as a password manager: this is the only time we
        show them.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-page px-2 py-1.5 text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="grid gap-2 min-[400px]:grid-cols-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden size={16} /> Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden size={16} /> Download .txt
        </Button>
      </div>
      <Button onClick={onDone}>I have saved them</Button>
    </div>
  );
}
