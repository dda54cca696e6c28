import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { MEMBER_SEARCH_MAX, memberFiltersSchema, memberFiltersToParams } from '@velvet/core/schemas/member.schema';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { resultsUrl } from '../search-tiles';

export interface SimpleField {
  key: 'q' | 'name' | 'location';
  label: string;
  placeholder: string;
}

/** A short search form (Old Basic Search, Name Search) that opens the result list for what was typed. */
export function SimpleSearchForm({ label, fields }: { label: string; fields: SimpleField[] }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = memberFiltersSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    void navigate(resultsUrl(memberFiltersToParams(parsed.data)));
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} noValidate className="grid gap-3 rounded-2xl border border-line bg-card p-3">
      {fields.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          placeholder={f.placeholder}
          maxLength={MEMBER_SEARCH_MAX}
          value={values[f.key] ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
        />
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <Button type="submit">
        <Search aria-hidden size={16} /> Search
      </Button>
    </form>
  );
}
