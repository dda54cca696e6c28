import { Link, useParams } from 'react-router';
import { ArrowLeft, MapPin, MessageSquareText, Star } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import type { ClubReview } from '@velvet/core/schemas/club.schema';
import { Avatar } from '../../components/ui/Avatar';
import { LabelBadge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { LoadMore } from '../../components/ui/LoadMore';
import { Spinner } from '../../components/ui/Spinner';
import { useClub, useClubReviews } from './api/clubs-api';
import { ReviewForm } from './components/ReviewForm';

const copy = messages.clubs;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" role="img" aria-label={copy.reviews.stars(rating)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden size={16} className={n <= rating ? 'fill-amber-400 text-amber-400' : 'text-muted'} />
      ))}
    </span>
  );
}

function ReviewItem({ review }: { review: ClubReview }) {
  const name = review.author?.displayName ?? copy.reviews.anonymousAuthor;
  return (
    <li className="grid gap-2 border-b border-line py-3 last:border-b-0">
      <div className="flex items-center gap-3">
        <Avatar src={review.author?.avatarUrl ?? null} name={name} size={36} decorative />
        <div className="grid min-w-0 flex-1">
          {review.author ? (
            <Link to={`/profile/${review.author.userId}`} className="truncate font-medium hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-medium">{name}</span>
          )}
          <span className="text-xs text-muted">
            <time dateTime={review.createdAt}>{dateOf(review.createdAt)}</time>
            {review.mine && <> · {copy.reviews.yours}</>}
          </span>
        </div>
        <Stars rating={review.rating} />
      </div>
      {review.text && <p className="whitespace-pre-line break-words text-sm">{review.text}</p>}
    </li>
  );
}

/** /clubs/:id: a club's details, rating, the member's own review and everyone's, newest first. */
export default function ClubPage() {
  const { id = '' } = useParams();
  const club = useClub(id);
  const reviews = useClubReviews(id);
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];

  if (club.isPending)
    return (
      <div className="grid justify-items-center p-6">
        <Spinner label={copy.loading} />
      </div>
    );
  if (club.isError) return <LoadError error={club.error} what="the club" onRetry={() => void club.refetch()} retrying={club.isFetching} />;
  const c = club.data;

  return (
    <div className="grid grid-cols-1 gap-4">
      <Link to="/clubs" className="inline-flex min-h-11 items-center gap-2 text-sm text-muted hover:text-ink">
        <ArrowLeft aria-hidden size={16} /> {copy.title}
      </Link>
      <Card className="grid gap-2">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          {c.name} {c.isNew && <LabelBadge>{copy.isNew}</LabelBadge>}
        </h1>
        <p className="inline-flex items-center gap-1 text-sm text-muted">
          <MapPin aria-hidden size={16} /> {c.town}, {c.region}
        </p>
        {c.description && <p className="text-sm">{c.description}</p>}
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {c.rating !== null ? (
            <>
              <Stars rating={Math.round(c.rating)} />
              <span>{copy.reviews.average(c.rating.toFixed(1), c.reviews)}</span>
            </>
          ) : (
            <span className="text-muted">{copy.noRating}</span>
          )}
          {c.newReviews > 0 && <LabelBadge tone="success">{copy.newReviews(c.newReviews)}</LabelBadge>}
        </p>
      </Card>

      <ReviewForm clubId={c.id} mine={c.myReview} />

      <section aria-labelledby="club-reviews" className="grid gap-2">
        <h2 id="club-reviews" className="text-lg font-semibold">
          {copy.reviews.title}
        </h2>
        {reviews.isPending ? (
          <Spinner label={copy.loading} />
        ) : reviews.isError ? (
          <LoadError error={reviews.error} what="the reviews" onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
        ) : items.length === 0 ? (
          <EmptyState icon={<MessageSquareText aria-hidden size={28} />} title={copy.reviews.none} line={copy.reviews.noneLine} />
        ) : (
          <Card className="py-0">
            <ul>
              {items.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ul>
          </Card>
        )}
        <LoadMore hasMore={reviews.hasNextPage} loading={reviews.isFetchingNextPage} onLoad={() => void reviews.fetchNextPage()} />
      </section>
    </div>
  );
}
