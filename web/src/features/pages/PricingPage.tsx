import { Link } from 'react-router';
import { Check, Clock, Info } from 'lucide-react';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LabelBadge } from '../../components/ui/Badge';
import { siteName } from '../../lib/site';
import { useSession } from '../../lib/session';
import { PageIntro, Prose } from './Prose';

const free = [
  'Your profile, for a single, a couple or a group',
  'Discover, with likes and matches',
  'Browse and search members',
  'Who’s Near, with approximate distances',
  'Private messages',
  'Clubs and club reviews',
  'Photo, couple, individual, creator and VIP verification',
  'Anonymous Mode, hidden location and blocking',
  'Photo and video uploads',
  'Two-factor sign-in',
];

const premium = ['Content that creators mark as premium members only'];

export default function PricingPage() {
  const { isAuthenticated } = useSession();
  return (
    <div className="grid gap-6">
      <PageIntro title="Pricing" lead={`Joining ${siteName} is free, and everything listed as Free works today.`} />

      <div role="note" className="flex gap-3 rounded-2xl border border-line bg-raised p-4 text-sm">
        <Info aria-hidden size={20} className="mt-0.5 shrink-0 text-pink-300" />
        <p>
          <span className="font-semibold">Paid plans are not on sale yet.</span>{' '}
          <span className="text-muted">
            There is nothing to buy and we will not ask for card details. When Premium opens, its price will be shown here in pounds,
            including VAT, before anyone pays.
          </span>
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="grid content-start gap-4 border-pink-500/50 p-5">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-xl font-semibold">Free</h2>
            <LabelBadge tone="success">Available now</LabelBadge>
          </div>
          <p className="grid">
            <span className="text-3xl font-bold">£0</span>
            <span className="text-sm text-muted">For as long as you like</span>
          </p>
          <ul className="grid gap-2 text-sm" aria-label="Included in Free">
            {free.map((item) => (
              <li key={item} className="flex gap-2">
                <Check aria-hidden size={18} className="shrink-0 text-success" />
                {item}
              </li>
            ))}
          </ul>
          {isAuthenticated ? (
            <p className="text-sm text-muted">You are on the Free plan.</p>
          ) : (
            <Link to="/signup" className={buttonClass('primary', 'w-full')}>
              Join Now, free
            </Link>
          )}
        </Card>

        <Card className="grid content-start gap-4 p-5">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-xl font-semibold">Premium</h2>
            <LabelBadge tone="muted">Not on sale yet</LabelBadge>
          </div>
          <p className="grid">
            <span className="text-2xl font-bold leading-9">To be announced</span>
            <span className="text-sm text-muted">A price in pounds, including VAT</span>
          </p>
          <p className="text-sm text-muted">Everything in Free, plus what we are planning:</p>
          <ul className="grid gap-2 text-sm" aria-label="Planned for Premium">
            {premium.map((item) => (
              <li key={item} className="flex gap-2">
                <Clock aria-hidden size={18} className="shrink-0 text-muted" />
                {item}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            Any other extras will be listed here, with the price, before Premium goes on sale. Members whose VIP verification is approved
            get Premium access at no cost.
          </p>
        </Card>
      </div>

      <section aria-labelledby="pricing-questions" className="grid gap-3">
        <h2 id="pricing-questions" className="text-xl font-semibold">
          Questions about paying
        </h2>
        <Prose>
          <h3>Do I need to pay to meet people?</h3>
          <p>No. Profiles, Discover, Who’s Near, messages, clubs and verification are all in the Free plan.</p>
          <h3>What about pay-per-view content?</h3>
          <p>
            Creators can mark content as pay-per-view, but buying it is not open yet, so pay-per-view content stays locked for now. Its
            prices will be in pounds.
          </p>
          <h3>How will paying work when it opens?</h3>
          <p>
            You will see the full price in pounds, including VAT, and the terms before you pay, and you will be able to cancel at any time.
            Our <Link to="/terms#creators">terms</Link> explain what will apply.
          </p>
          <h3>Questions?</h3>
          <p>
            Ask us through the <Link to="/contact">contact form</Link>.
          </p>
        </Prose>
      </section>
    </div>
  );
}
