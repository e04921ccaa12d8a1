import { describe, expect, it } from 'vitest';
import { USERNAME_MESSAGES, canonicalUsername, usernameProblem, usernameSkeleton } from './usernames';

describe('canonicalUsername', () => {
  it('is NFKC plus a locale-independent lower-case', () => {
    expect(canonicalUsername('Riya Cuts')).toBe('riya cuts');
    expect(canonicalUsername('ＡＤＭＩＮ')).toBe('admin');
    // U+0130 lower-cases to i + U+0307 everywhere, so 'admİn' is not 'admin' (SQL lower() said it was).
    expect(canonicalUsername('admİn')).toBe('admi\u0307n');
    expect(canonicalUsername('admİn')).not.toBe(canonicalUsername('admin'));
    expect(canonicalUsername('Ä')).toBe(canonicalUsername('a\u0308'));
  });
});

describe('usernameProblem', () => {
  it('accepts plain names of one script', () => {
    for (const ok of [
      'Riya Cuts',
      'editor_01',
      'J.R-Smith',
      'Zoë',
      'Дмитрий',
      'Αλέξης',
      'राहुल वर्मा',
      '7even',
    ])
      expect(usernameProblem(ok), ok).toBeNull();
  });

  it('refuses impersonation tricks with a clear message', () => {
    expect(usernameProblem('аdmin')).toBe(USERNAME_MESSAGES.mixedScripts); // Cyrillic а
    expect(usernameProblem('ａｄｍｉｎ')).toBe(USERNAME_MESSAGES.stylised);
    expect(usernameProblem('𝐚𝐝𝐦𝐢𝐧')).toBe(USERNAME_MESSAGES.stylised);
    expect(usernameProblem('nimda\u202e')).toBe(USERNAME_MESSAGES.invisible);
    expect(usernameProblem('ad\u200bmin')).toBe(USERNAME_MESSAGES.invisible);
    expect(usernameProblem('ad\u0007min')).toBe(USERNAME_MESSAGES.invisible);
    expect(usernameProblem('ad\ufe0fmin')).toBe(USERNAME_MESSAGES.invisible);
    expect(usernameProblem('admin!')).toBe(USERNAME_MESSAGES.characters);
    expect(usernameProblem('ad\u00a0min')).toBe(USERNAME_MESSAGES.stylised);
    expect(usernameProblem('.admin')).toBe(USERNAME_MESSAGES.edges);
    expect(usernameProblem('ad  min')).toBe(USERNAME_MESSAGES.separators);
    expect(usernameProblem('adminⅣ')).toBe(USERNAME_MESSAGES.stylised);
  });
});

describe('usernameSkeleton', () => {
  it('makes look-alikes equal', () => {
    const admin = usernameSkeleton('admin');
    for (const alike of [
      'Admin',
      'аdmin',
      'ａｄｍｉｎ',
      'admİn',
      'ádmin',
      'ad-min',
      'adrnin',
      'αdmin',
      'admIn',
    ])
      expect(usernameSkeleton(alike), alike).toBe(admin);
    expect(usernameSkeleton('editor1')).toBe(usernameSkeleton('editorl'));
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('riya')).not.toBe(usernameSkeleton('priya'));
    expect(usernameSkeleton('editor 1')).not.toBe(usernameSkeleton('editor 2'));
  });
});
