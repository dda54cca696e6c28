import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { HeartPulse, Search, ShieldCheck } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { MEMBER_SEARCH_MAX } from '@velvet/core/schemas/member.schema';
import { Button } from '../../components/ui/Button';
import { CountBadge, LabelBadge } from '../../components/ui/Badge';
import { TextField } from '../../components/ui/Field';
import { useSavedSearches } from './api/saved-searches';
import { WhosNearToggle } from './components/WhosNearToggle';
import { creatorTiles, resultsUrl, searchTiles, type SearchTile } from './search-tiles';

const tileClass =
  'relative flex min-h-24 flex-col items-center justify-center gap-2 rounded-2xl border border-line bg-card p-2 text-center text-xs font-medium hover:bg-raised sm:text-sm';

function Tile({ tile, savedCount }: { tile: SearchTile; savedCount?: number }) {
  return (
    <li>
      <Link to={tile.to} className={tileClass}>
        <tile.icon aria-hidden size={24} className="text-pink-300" />
        {tile.label}
        {tile.savedCount && (
          <span className="absolute right-1.5 top-1.5">
            <CountBadge count={savedCount} label={`${savedCount} saved`} />
          </span>
        )}
        {tile.isNew && (
          <span className="absolute right-1.5 top-1.5">
            <LabelBadge>NEW</LabelBadge>
          </span>
        )}
      </Link>
    </li>
  );
}

/** /search (spec §2 Search): Who's Near, creator tiles, the search tiles and a quick username search. */
export default function SearchPage() {
  const navigate = useNavigate();
  const saved = useSavedSearches();
  const [username, setUsername] = useState('');

  const quickSearch = (e: FormEvent) => {
    e.preventDefault();
    const q = username.trim();
    void navigate(q ? resultsUrl({ q }) : '/search/results');
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">{messages.search.title}</h1>
      <WhosNearToggle />

      <section aria-labelledby="creator-search" className="grid gap-2">
        <h2 id="creator-search" className="text-lg font-semibold">
          Content Creator Search
        </h2>
        <ul className="grid grid-cols-3 gap-2 sm:gap-3">
          {creatorTiles.map((tile) => (
            <Tile key={tile.label} tile={tile} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="search-tiles" className="grid gap-2">
        <h2 id="search-tiles" className="text-lg font-semibold">
          Find members
        </h2>
        <ul className="grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-4">
          {searchTiles.map((tile) => (
            <Tile key={tile.label} tile={tile} savedCount={saved.data?.items.length} />
          ))}
        </ul>
      </section>

      <form
        role="search"
        aria-label="Quick username search"
        onSubmit={quickSearch}
        className="grid gap-3 rounded-2xl border border-line bg-card p-3"
      >
        <TextField
          label="Username"
          value={username}
          maxLength={MEMBER_SEARCH_MAX}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="Search by username"
        />
        <Button type="submit">
          <Search aria-hidden size={16} /> {messages.search.searchNow}
        </Button>
      </form>

      <ul className="grid grid-cols-2 gap-2 sm:gap-3">
        <li>
          <Link to="/search/sexual-health" className={tileClass}>
            <HeartPulse aria-hidden size={24} className="text-pink-300" />
            Sexual Health
          </Link>
        </li>
        <li>
          <Link to="/help#privacy-safety" className={tileClass}>
            <ShieldCheck aria-hidden size={24} className="text-pink-300" />
            Safer Meets
          </Link>
        </li>
      </ul>
    </div>
  );
}
