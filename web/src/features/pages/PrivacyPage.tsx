import { Link } from 'react-router';
import { DELETED_ACCOUNT_RECORDS_MONTHS } from '@velvet/core/constants/retention';
import { siteName } from '../../lib/site';
import { Contents, LastUpdated, PageIntro, Prose, Section } from './Prose';

const sections = [
  { id: 'summary', title: 'In short' },
  { id: 'who', title: 'Who we are' },
  { id: 'collect', title: 'What we collect' },
  { id: 'location', title: 'Your location' },
  { id: 'photos', title: 'Photos and verification' },
  { id: 'use', title: 'Why we use it' },
  { id: 'sharing', title: 'Who can see it' },
  { id: 'cookies', title: 'Cookies and your device' },
  { id: 'retention', title: 'How long we keep it' },
  { id: 'security', title: 'Keeping it safe' },
  { id: 'rights', title: 'Your rights' },
  { id: 'changes', title: 'Changes and contact' },
];

export default function PrivacyPage() {
  return (
    <div className="grid gap-6">
      <PageIntro
        title="Privacy policy"
        lead={`How ${siteName} handles your information under UK data protection law (the UK GDPR and the Data Protection Act 2018).`}
      >
        <LastUpdated date="8 December 2026" />
      </PageIntro>

      <Contents items={sections} />

      <Prose>
        <Section id="summary" title="1. In short">
          <ul>
            <li>We collect what the site needs to work, and nothing for advertising. We never sell your information.</li>
            <li>
              Your exact location is never stored: we keep a position rounded to about 1 km and show others only approximate distances.
            </li>
            <li>Every photo is stripped of hidden metadata, including GPS, when you upload it.</li>
            <li>Verification photos are seen only by you and our moderators.</li>
            <li>One cookie keeps you signed in. There are no tracking, analytics or advertising cookies.</li>
            <li>
              You can download everything we hold about you, and delete your account, yourself in <Link to="/my-account">My Account</Link>.
            </li>
          </ul>
        </Section>

        <Section id="who" title="2. Who we are">
          <p>
            The operator of {siteName} is the controller of your personal information. If you have a question about privacy or want to use
            your rights, write to us through the <Link to="/contact">contact form</Link>.
          </p>
        </Section>

        <Section id="collect" title="3. What we collect">
          <h3>Your account</h3>
          <ul>
            <li>Your email address, and whether you have confirmed it.</li>
            <li>Your password, stored only as a salted hash that cannot be turned back into the password.</li>
            <li>If you turn on two-factor sign-in, the secret your authenticator app uses and your backup codes, stored encrypted.</li>
            <li>
              Your signed-in devices (when, the IP address and the browser), to keep your account secure, and counts of recent failed
              sign-ins per email and internet address, to stop password guessing.
            </li>
          </ul>
          <h3>Your profile</h3>
          <p>
            Username, display name, age, town and country, gender, what you are looking for, relationship status, interests, bio, photos and
            your privacy settings.
          </p>
          <p>
            Some of this reveals your sex life or sexual orientation, which the law treats as special category information. We use it only
            with your explicit consent, which you give by adding it to your profile, and only to show it to other members as you choose. You
            can change or remove it at any time.
          </p>
          <h3>What you do on the site</h3>
          <p>
            Messages you send and receive, likes and passes, profile views, saved searches, starred conversations, blocks, reports and
            verification requests. We keep these to provide the features you use.
          </p>
          <h3>When you contact us</h3>
          <p>Your name, email address, message and, if you are signed in, which account sent it.</p>
        </Section>

        <Section id="location" title="4. Your location">
          <ul>
            <li>We only use your location when you turn on Who’s Near, and you can turn it off at any time.</li>
            <li>
              Your position is rounded to a grid of about 1 km <strong>before</strong> it is stored. The exact position is never saved.
            </li>
            <li>
              Other members see only an approximate distance in miles, in coarse steps. This stops anyone pinpointing where you are by
              measuring distances from several places.
            </li>
            <li>Hide Location in Privacy Settings hides your town and distance from everyone.</li>
          </ul>
        </Section>

        <Section id="photos" title="5. Photos and verification">
          <ul>
            <li>
              Every image you upload is re-saved with all its metadata removed, including the GPS position, date and camera details that
              phones add.
            </li>
            <li>
              Verification photos are private: only you and our moderators can open them. They never appear on your profile or anywhere
              else.
            </li>
          </ul>
        </Section>

        <Section id="use" title="6. Why we use it">
          <ul>
            <li>
              <strong>To provide the service you signed up for</strong> (our contract with you): your account, profile, matching, messages,
              verification and support.
            </li>
            <li>
              <strong>To keep members safe and the site secure</strong> (our legitimate interests): limiting sign-in attempts, stopping spam
              and fake accounts, investigating reports and enforcing our <Link to="/terms">terms</Link>.
            </li>
            <li>
              <strong>With your consent</strong>: special category information in your profile, and your location for Who’s Near. You can
              withdraw consent at any time by removing the information or turning the feature off.
            </li>
            <li>
              <strong>To meet legal obligations</strong>, such as answering lawful requests from the police.
            </li>
          </ul>
          <p>We send you email only about your account: confirmations, password resets, security notices and replies to your messages.</p>
        </Section>

        <Section id="sharing" title="7. Who can see it">
          <ul>
            <li>
              <strong>Other members</strong> see your profile as your privacy settings allow. Anonymous Mode removes you from discovery and
              search, Hide Last Active hides when you were online, and blocking hides you from a member completely.
            </li>
            <li>
              <strong>Our moderators</strong> see verification photos and the content and messages involved in a report.
            </li>
            <li>
              <strong>Service providers</strong> who host the site, store files or deliver our email, under contracts that only let them act
              on our instructions. If any of them process information outside the UK, it is protected by UK adequacy regulations or the
              approved international data transfer agreement.
            </li>
            <li>
              <strong>The police or other authorities</strong>, only when the law requires it or to protect someone from serious harm.
            </li>
          </ul>
          <p>We do not sell your information, show adverts, or share anything with advertisers or data brokers.</p>
        </Section>

        <Section id="cookies" title="8. Cookies and your device">
          <ul>
            <li>
              <strong>A session cookie</strong> keeps you signed in. It ends when you close your browser, unless you tick “Keep me signed
              in”, in which case it lasts up to 30 days. During two-factor sign-in a second short-lived cookie remembers that you have
              entered your password. These cookies are strictly necessary, so we do not ask for consent to them.
            </li>
            <li>
              <strong>On your device</strong>, if you tick “Remember me”, your browser stores your email address to fill in the sign-in form
              next time. Installing the app lets your browser keep a copy of the site’s code for a faster, offline start; it holds no
              personal information.
            </li>
            <li>
              There are <strong>no</strong> analytics, advertising or tracking cookies, and the site loads no scripts, fonts or images from
              anyone else.
            </li>
          </ul>
        </Section>

        <Section id="retention" title="9. How long we keep it">
          <ul>
            <li>Your account, profile, photos and messages: while your account is open, or until you delete them.</li>
            <li>Counts of failed sign-ins: 15 minutes, then they are cleared.</li>
            <li>
              When you choose <strong>Delete my account</strong> in <Link to="/my-account">My Account</Link>, we delete at once your
              account, profile, photos and their files, verification photos, messages you sent and received (from both sides of each
              conversation), likes, passes, profile views, saved searches, blocks, signed-in devices, and messages you sent us through the
              contact form. Your email address is then free, and you can join again with it.
            </li>
          </ul>
          <h3>What is kept after you delete your account, and why</h3>
          <ul>
            <li>
              <strong>Reports other members made about you</strong>, and the decisions our moderators took on them. They are kept without
              your account, profile or email address: what was reported, when, and what was decided. We keep them because we must be able to
              show that we dealt with reports properly, to protect members from someone who was removed for harming others, and to answer
              the police or a court if asked (our legitimate interests, and legal claims). A report keeps a copy of the photo, video or
              message it was about, so a moderator can decide even when it was deleted. We erase these reports and their copies{' '}
              {DELETED_ACCOUNT_RECORDS_MONTHS} months after they were made.
            </li>
            <li>
              <strong>Our moderators’ audit log</strong>: which moderator did what, and when, kept for the same reasons; its entries about
              you are erased {DELETED_ACCOUNT_RECORDS_MONTHS} months after they were made.
            </li>
            <li>Reports you made about others stay with the report, without your account, so the decision on them still makes sense.</li>
          </ul>
        </Section>

        <Section id="security" title="10. Keeping it safe">
          <p>
            The site is served over an encrypted connection. Passwords are hashed, sign-in attempts are limited, two-factor sign-in is
            available to every member, and only the staff who need it can reach member information. If a breach puts you at risk, we will
            tell you and the Information Commissioner’s Office as the law requires.
          </p>
        </Section>

        <Section id="rights" title="11. Your rights">
          <p>Under UK data protection law you have the right to:</p>
          <ul>
            <li>
              a copy of your information: choose <strong>Download my data</strong> in <Link to="/my-account">My Account</Link> for a zip
              file of everything we hold about you, in a format (JSON and image files) you can take elsewhere;
            </li>
            <li>correct information that is wrong: most of it you can change yourself in Edit Profile and My Account;</li>
            <li>
              have your information deleted: choose <strong>Delete my account</strong> in <Link to="/my-account">My Account</Link>;
            </li>
            <li>limit how we use it, or object to our using it.</li>
          </ul>
          <p>
            For anything you cannot do yourself, write to us through the <Link to="/contact">contact form</Link> from your account’s email
            address. We reply within one month and do not charge.
          </p>
          <p>
            If you are unhappy with how we handle your information, you can complain to the Information Commissioner’s Office at{' '}
            <a href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer" target="_blank">
              ico.org.uk
            </a>{' '}
            or on 0303 123 1113. We would like the chance to put things right first.
          </p>
          <p>{siteName} is only for adults. We do not knowingly hold information about anyone under 18 and delete it when we find it.</p>
        </Section>

        <Section id="changes" title="12. Changes and contact">
          <p>
            If we change this policy in a way that matters, we will tell you by email or on the site before the change takes effect.
            Questions are welcome through the <Link to="/contact">contact form</Link>.
          </p>
        </Section>
      </Prose>
    </div>
  );
}
