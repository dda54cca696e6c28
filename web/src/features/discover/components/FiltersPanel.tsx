import { useId, useState, type FormEvent } from 'react';
import { messages } from '@velvet/core/messages';
import { DISCOVER_AGE, DISCOVER_DEFAULTS, DISCOVER_KM, DISCOVER_LOCATION_MAX } from '@velvet/core/constants/discover';
import type { DiscoverFilters } from '@velvet/core/schemas/discover.schema';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';

interface Props {
  id: string;
  filters: DiscoverFilters;
  onApply: (filters: DiscoverFilters) => void;
  /** the server's words when it refused the filters (a place it does not know) */
  error?: string;
}

function Slider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  shown: string;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium">
          {props.label}
        </label>
        <output htmlFor={id} className="tabular-nums text-muted">
          {props.shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        aria-valuetext={props.shown}
        onChange={(e) => props.onChange(Number(e.target.value))}
        className="h-11 w-full cursor-pointer accent-brand-pink"
      />
    </div>
  );
}

const ageShown = (age: number) => (age >= DISCOVER_AGE.max ? `${age}+` : String(age));

/** Discover filters (spec §5): two independent age sliders, distance 5–500 km in steps of 5, a place. */
export function FiltersPanel({ id, filters, onApply, error }: Props) {
  const [draft, setDraft] = useState(filters);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...draft, location: draft.location.trim() });
  };
  return (
    <form id={id} onSubmit={submit} aria-label="Discover filters" className="grid gap-3 rounded-2xl border border-line bg-card p-4">
      <Slider
        label="Minimum age"
        value={draft.minAge}
        min={DISCOVER_AGE.min}
        max={DISCOVER_AGE.max}
        step={1}
        shown={ageShown(draft.minAge)}
        onChange={(minAge) => setDraft({ ...draft, minAge })}
      />
      <Slider
        label="Maximum age"
        value={draft.maxAge}
        min={DISCOVER_AGE.min}
        max={DISCOVER_AGE.max}
        step={1}
        shown={ageShown(draft.maxAge)}
        onChange={(maxAge) => setDraft({ ...draft, maxAge })}
      />
      <Slider
        label="Maximum distance"
        value={draft.maxKm}
        min={DISCOVER_KM.min}
        max={DISCOVER_KM.max}
        step={DISCOVER_KM.step}
        shown={`${draft.maxKm} km`}
        onChange={(maxKm) => setDraft({ ...draft, maxKm })}
      />
      <TextField
        label="Location"
        value={draft.location}
        maxLength={DISCOVER_LOCATION_MAX}
        placeholder={messages.discover.locationPlaceholder}
        onChange={(e) => setDraft({ ...draft, location: e.target.value })}
        error={error}
        hint="A UK town or city to measure the distance from. Leave empty for your own."
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply Filters</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft({ ...DISCOVER_DEFAULTS });
            onApply({ ...DISCOVER_DEFAULTS });
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
