/**
 * Issue 40 (per-language default fonts): a document whose `lang` is ja, ko or zh needs @pictor/fonts-cjk's face for
 * that language even when its text has no CJK character, since Chromium sets Latin text under these languages in
 * that face when the CSS names the standard font or sans-serif (repro lang-font-latin-only.html). Nothing is loaded
 * in this file's thread before these checks (setsNeeded lists what a document needs, loaded or not).
 */
import { describe, expect, it } from 'vitest';
import { setsNeeded } from '../src/fonts/optional-sets.js';

describe('font sets a document needs by its language', () => {
  it('loads the language’s CJK set under lang ja, zh, zh-Hans, ko, zh-Hant, without a CJK character', () => {
    expect(setsNeeded('<html lang="ja"><p>Acme Cloud</p></html>')).toEqual(['cjk']);
    expect(setsNeeded('<p lang=zh>Acme</p>')).toEqual(['cjk']);
    expect(setsNeeded("<p lang='zh-Hans-CN'>Acme</p>")).toEqual(['cjk']);
    expect(setsNeeded('<p lang="ko-KR">Acme</p>')).toEqual(['korean']);
    expect(setsNeeded('<p lang="zh-Hant">Acme</p>')).toEqual(['chinese-traditional']);
    expect(setsNeeded('<p lang="zh-HK">Acme</p>')).toEqual(['chinese-traditional']);
  });

  it('loads none for other languages, or a language name that only starts like one', () => {
    expect(setsNeeded('<html lang="en"><p>Acme Cloud</p></html>')).toEqual([]);
    expect(setsNeeded('<p lang="jam">Acme</p><p lang="kok">Acme</p><p lang="zha">Acme</p>')).toEqual([]);
    expect(setsNeeded('<p>lang=ja is a string in the text, not an attribute: Acme</p>')).toEqual([]);
  });

  it('still loads by characters: Japanese text under lang="en" needs the CJK set', () => {
    expect(setsNeeded('<p lang="en">あなた</p>')).toEqual(['cjk']);
  });
});
