import { useState } from 'react';
import { messages } from '@velvet/core/messages';
import { setRoleSchema } from '@velvet/core/schemas/moderation.schema';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/Field';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useModerators, useSetRole } from './api/admin';

const m = messages.moderation;
const ROLE_OPTIONS = [
  { value: 'moderator', label: 'Moderator' },
  { value: 'user', label: 'Member' },
] as const;

/** Admins: who moderates, and making a member a moderator or back (kept in the audit log). */
export function RolesSection() {
  const staff = useModerators();
  const setRole = useSetRole();
  const [email, setEmail] = useState('');
  const [role, setRoleValue] = useState<'user' | 'moderator'>('moderator');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  return (
    <div className="grid gap-4">
      <form
        className="grid gap-3 rounded-2xl border border-line bg-card p-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = setRoleSchema.safeParse({ email, role, reason });
          if (!parsed.success) {
            setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
            return;
          }
          setErrors({});
          setRole.mutate(parsed.data, {
            onSuccess: () => {
              toast({ title: m.roleSaved, variant: 'success' });
              setEmail('');
              setReason('');
            },
            onError: (err) =>
              toast({
                title: messages.errors.title,
                description: err instanceof ApiError ? err.message : undefined,
                variant: 'destructive',
              }),
          });
        }}
      >
        <h3 className="font-semibold">Change a member's role</h3>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <Select label="Role" options={ROLE_OPTIONS} value={role} onChange={(e) => setRoleValue(e.target.value as 'user' | 'moderator')} />
        <TextField
          label="Reason (kept in the audit log)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
        <Button type="submit" loading={setRole.isPending}>
          Save role
        </Button>
      </form>
      <section aria-labelledby="staff-heading" className="grid gap-2">
        <h3 id="staff-heading" className="font-semibold">
          Moderators and admins
        </h3>
        {staff.isPending ? (
          <Spinner label="Loading..." />
        ) : staff.isError ? (
          <p className="text-sm text-red-400">{messages.errors.internal}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {staff.data.items.map((s) => (
              <li key={s.id} className="flex justify-between rounded-xl bg-card px-3 py-2">
                <span>
                  {s.name ?? s.username ?? s.email} <span className="text-muted">{s.email}</span>
                </span>
                <span className="text-muted">{s.role === 'admin' ? 'Admin' : 'Moderator'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
