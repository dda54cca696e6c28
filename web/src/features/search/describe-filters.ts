import { MEMBER_SORT_LABELS, MEMBER_TYPE_LABELS, NEW_MEMBER_DAYS, type MemberFilters } from '@velvet/core/schemas/member.schema';
import { CREATOR_LABELS } from './search-tiles';

/** The heading of a result list: the name of the tile that leads to these filters. */
export function resultsTitle(f: MemberFilters): string {
  const type = f.type ? MEMBER_TYPE_LABELS[f.type] : null;
  const others = { ...f, sort: undefined, type: undefined };
  const only = (...keys: (keyof MemberFilters)[]) =>
    Object.entries(others).every(([k, v]) => v === undefined || keys.includes(k as keyof MemberFilters));
  if (f.mobile && only('mobile', 'maxKm')) return "Who's Mobile Nearby";
  if (f.creator && !type && only('creator')) return f.creator === 'any' ? 'Content Creators' : `${CREATOR_LABELS[f.creator]} Creators`;
  if (type && f.online && only('online')) return `${type} Online`;
  if (type && f.joinedDays === NEW_MEMBER_DAYS && only('joinedDays')) return `New ${type}`;
  if (f.name && only('name')) return 'Name Search';
  if ((f.q || f.location) && only('q', 'location')) return 'Basic Search';
  return 'Search Results';
}

/** The filters in words, for the line under the heading. */
export function filtersInWords(f: MemberFilters): string[] {
  const words: string[] = [];
  if (f.type) words.push(MEMBER_TYPE_LABELS[f.type]);
  if (f.online) words.push('online now');
  if (f.joinedDays !== undefined) words.push(`joined in the last ${f.joinedDays} ${f.joinedDays === 1 ? 'day' : 'days'}`);
  if (f.minAge !== undefined && f.maxAge !== undefined) words.push(`aged ${f.minAge} to ${f.maxAge}`);
  else if (f.minAge !== undefined) words.push(`aged ${f.minAge} or over`);
  else if (f.maxAge !== undefined) words.push(`aged ${f.maxAge} or under`);
  if (f.verified) words.push('verified');
  if (f.withPhoto) words.push('with a photo');
  if (f.creator) words.push(f.creator === 'any' ? 'content creators' : `${CREATOR_LABELS[f.creator].toLowerCase()} creators`);
  if (f.name) words.push(`name “${f.name}”`);
  if (f.q) words.push(`username “${f.q}”`);
  if (f.location) words.push(`in “${f.location}”`);
  if (f.mobile) words.push('placed by their phone');
  if (f.maxKm !== undefined) words.push(`within ${f.maxKm} km`);
  words.push(MEMBER_SORT_LABELS[f.sort]);
  return words;
}
