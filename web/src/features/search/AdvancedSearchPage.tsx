import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Save, Search } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import {
  AGE_FILTER,
  CREATOR_FILTERS,
  JOINED_DAYS_MAX,
  MAX_KM,
  MEMBER_SEARCH_MAX,
  MEMBER_SORTS,
  MEMBER_SORT_LABELS,
  MEMBER_TYPES,
  MEMBER_TYPE_LABELS,
  memberFiltersSchema,
  memberFiltersToParams,
} from '@velvet/core/schemas/member.schema';
import { SAVED_SEARCH_NAME_MAX, savedSearchInputSchema } from '@velvet/core/schemas/search.schema';
import { Button, buttonClass } from '../../components/ui/Button';
import { Checkbox, TextField } from '../../components/ui/Field';
import { Select } from '../../components/ui/Select';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useSaveSearch } from './api/saved-searches';
import { CREATOR_LABELS, resultsUrl } from './search-tiles';

const TEXT_KEYS = ['q', 'name', 'location', 'type', 'minAge', 'maxAge', 'joinedDays', 'maxKm', 'creator', 'sort'] as const;
const FLAG_KEYS = ['online', 'verified', 'withPhoto', 'mobile'] as const;
type TextKey = (typeof TEXT_KEYS)[number];
type FlagKey = (typeof FLAG_KEYS)[number];
type Form = Record<TextKey, string> & Record<FlagKey, boolean>;

const FLAG_LABELS: Record<FlagKey, string> = {
  online: 'Online now only',
  verified: 'Verified members only',
  withPhoto: 'With a photo only',
  mobile: "Placed by their phone (Who's Near on) only",
};

function formFrom(params: URLSearchParams): Form {
  const form = {} as Form;
  for (const key of TEXT_KEYS) form[key] = params.get(key) ?? '';
  for (const key of FLAG_KEYS) form[key] = ['1', 'true'].includes(params.get(key) ?? '');
  if (!form.sort) form.sort = 'nearest';
  return form;
}

/** What the form says, as the filters schema reads it (empty fields are no filter). */
function rawFilters(form: Form): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of TEXT_KEYS) if (form[key].trim()) raw[key] = form[key].trim();
  for (const key of FLAG_KEYS) if (form[key]) raw[key] = '1';
  return raw;
}

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
};

/** /search/advanced: every filter, checked with the server's own schema, and 'Save this search'. */
export default function AdvancedSearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => formFrom(params));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [name, setName] = useState('');
  const save = useSaveSearch();

  const text = (key: TextKey) => ({
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const search = (e: FormEvent) => {
    e.preventDefault();
    const parsed = memberFiltersSchema.safeParse(rawFilters(form));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    void navigate(resultsUrl(memberFiltersToParams(parsed.data)));
  };

  const saveSearch = (e: FormEvent) => {
    e.preventDefault();
    const parsed = savedSearchInputSchema.safeParse({ name, filters: rawFilters(form) });
    if (!parsed.success) {
      const all = fieldErrors(parsed.error.issues);
      const filterErrors = Object.fromEntries(Object.entries(all).flatMap(([k, v]) => (k.startsWith('filters.') ? [[k.slice(8), v]] : [])));
      return setErrors({ ...filterErrors, ...(all.name ? { savedName: all.name } : {}) });
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setName('');
        toast({ title: messages.search.savedTitle, description: messages.search.saved(saved.name), variant: 'success' });
      },
      onError: (err) =>
        toast({ title: 'Error', description: err instanceof ApiError ? err.message : messages.search.saveFailed, variant: 'destructive' }),
    });
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">Advanced Search</h1>
      <form
        onSubmit={search}
        noValidate
        aria-label="Advanced Search"
        className="grid gap-3 rounded-2xl border border-line bg-card p-3 sm:grid-cols-2"
      >
        <TextField label="Username" maxLength={MEMBER_SEARCH_MAX} placeholder="Start of a username or a word of it" {...text('q')} />
        <TextField label="Name" maxLength={MEMBER_SEARCH_MAX} placeholder="Username or display name" {...text('name')} />
        <TextField id="location" label="Location" maxLength={MEMBER_SEARCH_MAX} placeholder="Town or city" {...text('location')} />
        <Select
          label="Member type"
          placeholder="Everyone"
          options={MEMBER_TYPES.map((value) => ({ value, label: MEMBER_TYPE_LABELS[value] }))}
          {...text('type')}
        />
        <TextField label="Minimum age" type="number" inputMode="numeric" min={AGE_FILTER.min} max={AGE_FILTER.max} {...text('minAge')} />
        <TextField label="Maximum age" type="number" inputMode="numeric" min={AGE_FILTER.min} max={AGE_FILTER.max} {...text('maxAge')} />
        <TextField
          label="Joined in the last (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={JOINED_DAYS_MAX}
          {...text('joinedDays')}
        />
        <TextField
          label="Within (km)"
          type="number"
          inputMode="numeric"
          min={MAX_KM.min}
          max={MAX_KM.max}
          step={5}
          hint="Measured from your own town or Who's Near position."
          {...text('maxKm')}
        />
        <Select
          label="Content creators"
          placeholder="Any member"
          options={CREATOR_FILTERS.map((value) => ({
            value,
            label: value === 'any' ? 'All content creators' : `${CREATOR_LABELS[value]} creators`,
          }))}
          {...text('creator')}
        />
        <Select label="Sort" options={MEMBER_SORTS.map((value) => ({ value, label: MEMBER_SORT_LABELS[value] }))} {...text('sort')} />
        <fieldset className="grid gap-1 sm:col-span-2">
          <legend className="text-sm font-medium">Only show</legend>
          {FLAG_KEYS.map((key) => (
            <Checkbox
              key={key}
              label={FLAG_LABELS[key]}
              checked={form[key]}
              error={errors[key]}
              onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))}
            />
          ))}
        </fieldset>
        <Button type="submit" className="sm:col-span-2">
          <Search aria-hidden size={16} /> Search
        </Button>
      </form>

      <form
        onSubmit={saveSearch}
        noValidate
        aria-label="Save this search"
        className="grid gap-3 rounded-2xl border border-line bg-card p-3"
      >
        <h2 className="text-lg font-semibold">Save this search</h2>
        <TextField
          label="Search name"
          value={name}
          maxLength={SAVED_SEARCH_NAME_MAX}
          error={errors.savedName}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Couples near me"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" loading={save.isPending}>
            <Save aria-hidden size={16} /> Save this search
          </Button>
          <Link to="/search/saved" className={buttonClass('ghost')}>
            Saved Searches
          </Link>
        </div>
      </form>
    </div>
  );
}
