import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useConnectionAction } from '../../../lib/connections';

/** 'Remove' under a friend's card, asked once more first. */
export function RemoveFriend({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const action = useConnectionAction();
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        Remove<span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={`Remove ${name} from your friends?`}
        line="You can invite them again later."
        confirm="Remove"
        busy={action.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => action.mutate({ action: 'remove', userId, name }, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
