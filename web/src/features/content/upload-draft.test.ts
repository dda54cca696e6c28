import { describe, expect, it } from 'vitest';
import { messages } from '@velvet/core/messages';
import { draftForm, draftProblem, emptyDraft, fileKind, fileProblem, setPayPerView, type ContentDraft } from './upload-draft';

const m = messages.content;
const file = (name: string, type: string, size = 1000) => {
  const f = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('the content upload draft', () => {
  it('turns premium-only off when pay-per-view goes on, and leaves it when off', () => {
    const premium: ContentDraft = { ...emptyDraft, premiumOnly: true };
    expect(setPayPerView(premium, true)).toMatchObject({ payPerView: true, premiumOnly: false });
    expect(setPayPerView({ ...emptyDraft, premiumOnly: true }, false)).toMatchObject({ payPerView: false, premiumOnly: true });
  });

  it('knows images and videos by type, or by name when the browser gives no type', () => {
    expect(fileKind(file('a.png', 'image/png'))).toBe('image');
    expect(fileKind(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(fileKind(file('a.MOV', ''))).toBe('video');
    expect(fileKind(file('a.heic', ''))).toBe('image');
    expect(fileKind(file('a.pdf', 'application/pdf'))).toBeNull();
  });

  it('refuses files in the spec’s words', () => {
    expect(fileProblem(file('a.pdf', 'application/pdf'))).toBe(m.invalidType);
    expect(fileProblem(file('a.mp4', 'video/mp4', 50 * 1024 * 1024))).toBe(m.tooLarge);
    expect(fileProblem(file('a.mp4', 'video/mp4', 50 * 1024 * 1024 - 1))).toBeNull();
  });

  it('needs a title and a file, and a price above 0 for pay-per-view', () => {
    expect(draftProblem(emptyDraft)).toBe(m.required);
    const ok = { ...emptyDraft, title: 'Hi', file: file('a.jpg', 'image/jpeg') };
    expect(draftProblem({ ...ok, title: '   ' })).toBe(m.required);
    expect(draftProblem(ok)).toBeNull();
    expect(draftProblem({ ...ok, payPerView: true, price: '0' })).toBe(m.invalidPrice);
    expect(draftProblem({ ...ok, payPerView: true, price: '4.999' })).toBe(m.invalidPrice);
    expect(draftProblem({ ...ok, payPerView: true, price: '4.99' })).toBeNull();
  });

  it('sends the fields before the file, and premium-only never with pay-per-view', () => {
    const form = draftForm({
      ...emptyDraft,
      title: ' Hi ',
      payPerView: true,
      premiumOnly: true,
      price: '2.50',
      file: file('a.jpg', 'image/jpeg'),
    });
    expect([...form.keys()]).toEqual(['title', 'description', 'payPerView', 'premiumOnly', 'price', 'file']);
    expect(form.get('title')).toBe('Hi');
    expect(form.get('premiumOnly')).toBe('false');
    expect(form.get('price')).toBe('2.50');
  });
});
