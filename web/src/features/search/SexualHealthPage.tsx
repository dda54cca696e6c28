import { Link } from 'react-router';

const external = 'font-semibold text-pink-300 underline underline-offset-2';

/** /search/sexual-health: where to get tested and advice, from the NHS and UK charities. */
export default function SexualHealthPage() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">Sexual Health</h1>
      <div className="grid gap-3 rounded-2xl border border-line bg-card p-4 text-sm leading-relaxed">
        <p>
          Regular testing is part of playing safely. Sexual health clinics in the UK are free and confidential, and you do not need a
          referral from your GP.
        </p>
        <ul className="grid list-disc gap-2 pl-5">
          <li>
            <a className={external} href="https://www.nhs.uk/service-search/sexual-health" target="_blank" rel="noreferrer">
              Find a sexual health clinic (NHS)
            </a>
          </li>
          <li>
            <a
              className={external}
              href="https://www.nhs.uk/conditions/sexually-transmitted-infections-stis/"
              target="_blank"
              rel="noreferrer"
            >
              Sexually transmitted infections: symptoms and testing (NHS)
            </a>
          </li>
          <li>
            <a className={external} href="https://www.tht.org.uk/" target="_blank" rel="noreferrer">
              Terrence Higgins Trust: advice, free postal tests and support
            </a>
          </li>
          <li>
            <a className={external} href="https://www.brook.org.uk/" target="_blank" rel="noreferrer">
              Brook: sexual health and wellbeing
            </a>
          </li>
        </ul>
        <p>
          Talk about testing, protection and boundaries before you meet. More tips are in{' '}
          <Link className={external} to="/help#privacy-safety">
            Safer Meets
          </Link>
          .
        </p>
      </div>
      <Link to="/search" className="justify-self-start text-sm font-semibold text-pink-300 hover:underline">
        Back to Search
      </Link>
    </div>
  );
}
