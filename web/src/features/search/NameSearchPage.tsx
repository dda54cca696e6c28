import { SimpleSearchForm } from './components/SimpleSearchForm';

/** /search/name: Name Search, by username or display name. */
export default function NameSearchPage() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">Name Search</h1>
      <p className="text-sm text-muted">Find a member by their username or the name on their profile.</p>
      <SimpleSearchForm label="Name search" fields={[{ key: 'name', label: 'Name', placeholder: 'Username or display name' }]} />
    </div>
  );
}
