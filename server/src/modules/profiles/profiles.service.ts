import { messages } from '@velvet/core/messages';
import { storedInterests, type ProfileBasicsInput, type ProfileUpdate, type SetupStep } from '@velvet/core/schemas/profile.schema';
import { kindOf } from '@velvet/core/constants/options';
import { limits } from '@velvet/core/constants/limits';
import { snapToCell } from '@velvet/core/geo/grid';
import { AppError } from '../../middleware/errors';
import { locateUkPlace } from '../../geo/gazetteer';
import { isUniqueViolation, type ProfileChanges, type ProfilesRepository } from './profiles.repository';
import { toOwnProfile, toProfileView } from './profiles.mapper';
import type { Logger } from '../../logger';

export interface ProfilesServiceDeps {
  /** records that a member looked at another's profile ('Looked @ Me'); see profile-views */
  recordView: (viewerId: string, viewedId: string) => Promise<void>;
  log: Logger;
}

const usernameTaken = () =>
  new AppError(409, 'USERNAME_TAKEN', messages.profile.usernameTaken, { username: messages.profile.usernameTaken });

/** A couple's second age only means something for couples and groups. */
const partnerAgeFor = (gender: string | null, partnerAge: number | null | undefined) =>
  kindOf(gender) === 'individual' ? null : (partnerAge ?? null);

export function profilesService(repo: ProfilesRepository, deps?: ProfilesServiceDeps) {
  /**
   * A new city places the member at its grid cell (never finer), unless their device placed them
   * (Who's Near on): then the device's cell stands. An unknown place leaves them unplaced.
   */
  async function withCityCell(userId: string, changes: ProfileChanges): Promise<ProfileChanges> {
    if (changes.locationCity === undefined) return changes;
    const current = await repo.findByUserId(userId);
    if (current?.locationSource === 'device') return changes;
    const place = locateUkPlace(changes.locationCity);
    const cell = place ? snapToCell(place) : null;
    return { ...changes, locationLat: cell?.lat ?? null, locationLng: cell?.lng ?? null, locationSource: cell ? 'city' : null };
  }

  /** Writes changes; a username another member took in the meantime is a clear 409, never a 500. */
  async function save(userId: string, input: ProfileChanges) {
    if (input.username && (await repo.usernameTaken(input.username, userId))) throw usernameTaken();
    const changes = await withCityCell(userId, input);
    try {
      const row = await repo.update(userId, changes);
      if (!row) throw new AppError(404, 'NO_PROFILE', messages.profile.notFound);
      return toOwnProfile(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
  }

  return {
    async getOwn(userId: string) {
      const row = await repo.findByUserId(userId);
      return row ? toOwnProfile(row) : undefined;
    },

    async view(viewerId: string, userId: string) {
      const found = await repo.findForViewer(userId, viewerId);
      if (!found) throw new AppError(404, 'PROFILE_NOT_FOUND', messages.profile.notFound);
      if (deps && viewerId !== userId) {
        // the viewer came for the profile: a failure to count the view is logged, never theirs to see
        await deps.recordView(viewerId, userId).catch((err: unknown) => deps.log.error({ err }, 'could not record a profile view'));
      }
      return toProfileView(found.profile, found.viewerInterests, viewerId);
    },

    /** Wizard step 1 creates the profile with a username and a display name. */
    async createBasics(userId: string, input: ProfileBasicsInput) {
      if (await repo.findByUserId(userId)) throw new AppError(409, 'PROFILE_EXISTS', messages.profile.createFailed);
      if (await repo.usernameTaken(input.username)) throw usernameTaken();
      try {
        const row = await repo.create({ userId, username: input.username, displayName: input.displayName || input.username, setupStep: 2 });
        return toOwnProfile(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw usernameTaken();
        throw err;
      }
    },

    /** Saves one wizard step and moves the resume point on; step 4 completes the profile. */
    async saveSetupStep(userId: string, input: SetupStep) {
      const current = await repo.findByUserId(userId);
      if (!current) throw new AppError(404, 'NO_PROFILE', messages.profile.notFound);
      const nextStep = Math.min(Math.max(current.setupStep, input.step + 1), limits.setupWizardSteps);
      const changes: ProfileChanges = { setupStep: nextStep };
      switch (input.step) {
        case 1:
          Object.assign(changes, { username: input.username, displayName: input.displayName });
          break;
        case 2:
          Object.assign(changes, {
            age: input.age,
            partnerAge: partnerAgeFor(current.gender, input.partnerAge),
            locationCity: input.locationCity,
            locationCountry: input.locationCountry,
          });
          break;
        case 3:
          Object.assign(changes, {
            gender: input.gender,
            kind: kindOf(input.gender),
            relationshipStatus: input.relationshipStatus,
            lookingFor: input.lookingFor.join(','),
            partnerAge: partnerAgeFor(input.gender, current.partnerAge),
          });
          break;
        case 4:
          Object.assign(changes, { bio: input.bio, setupCompletedAt: current.setupCompletedAt ?? new Date() });
          break;
      }
      return save(userId, changes);
    },

    /** The edit-profile form: only the owner reaches this (the route passes the session's id). */
    async update(userId: string, input: ProfileUpdate) {
      return save(userId, {
        username: input.username,
        displayName: input.displayName || input.username,
        age: input.age ?? null,
        partnerAge: partnerAgeFor(input.gender, input.partnerAge),
        locationCity: input.locationCity,
        locationCountry: input.locationCountry,
        gender: input.gender,
        kind: kindOf(input.gender),
        relationshipStatus: input.relationshipStatus,
        lookingFor: input.lookingFor.join(','),
        interests: storedInterests(input),
        bio: input.bio,
      });
    },
  };
}
export type ProfilesService = ReturnType<typeof profilesService>;
