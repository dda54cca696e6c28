import { Button, type ButtonVariant } from '../../../components/ui/Button';
import { useConnectionAction, type ConnectionAction } from '../../../lib/connections';

/** One action on a listed member (Accept, Decline, Cancel, Wink back, Remove from hotlist), with its toast. */
export function ActionButton(props: { action: ConnectionAction; userId: string; name: string; label: string; variant?: ButtonVariant }) {
  const action = useConnectionAction();
  return (
    <Button
      variant={props.variant ?? 'secondary'}
      className="w-full"
      loading={action.isPending}
      onClick={() => action.mutate({ action: props.action, userId: props.userId, name: props.name })}
    >
      {props.label}
      <span className="sr-only"> {props.name}</span>
    </Button>
  );
}
