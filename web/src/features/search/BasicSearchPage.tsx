import { SimpleSearchForm } from './components/SimpleSearchForm';

/** /search/basic: Old Basic Search, a username and a place. */
export default function BasicSearchPage() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">Old Basic Search</h1>
      <p className="text-sm text-muted">Search by username, town, or both.</p>
      <SimpleSearchForm
        label="Basic search"
        fields={[
          { key: 'q', label: 'Username', placeholder: 'Start of a username or a word of it' },
          { key: 'location', label: 'Location', placeholder: 'Town or city' },
        ]}
      />
    </div>
  );
}
