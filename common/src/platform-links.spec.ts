import { linkKey, linkMatchesHandle, platformProfileUrl } from './platform-links';

describe("a handle's link", () => {
  it.each([
    ['Instagram', 'mayaeats', 'https://instagram.com/mayaeats'],
    ['Instagram', '@MayaEats', 'https://www.instagram.com/mayaeats/?igsh=abc'],
    ['TikTok', 'mayaeats', 'https://www.tiktok.com/@MayaEats'],
    ['YouTube', 'maya', 'https://m.youtube.com/@maya'],
    ['YouTube', 'maya', 'https://youtube.com/c/maya'],
    ['Facebook', 'maya.eats', 'https://facebook.com/maya.eats'],
    ['X', 'maya', 'https://twitter.com/maya'],
    ['X', 'maya', 'https://x.com/maya'],
    ['Blog', 'Maya Eats', 'https://mayaeats.example.com/'],
    ['Instagram', 'mayaeats', ''],
    ['Instagram', '', 'https://instagram.com/someone'],
  ] as const)('accepts %s @%s at %s', (name, handle, url) => expect(linkMatchesHandle(name, handle, url)).toBe(true));

  it.each([
    ['Instagram', 'mayaeats', 'https://evil.example/phish'],
    ['Instagram', 'mayaeats', 'https://instagram.com/someoneelse'],
    ['Instagram', 'mayaeats', 'https://instagram.com.evil.example/mayaeats'],
    ['Instagram', 'mayaeats', 'https://tiktok.com/@mayaeats'],
    ['TikTok', 'mayaeats', 'https://tiktok.com/mayaeats'],
    ['X', 'maya', 'https://x.com/maya/status/1'],
    ['Instagram', '', 'https://instagram.com/'],
    ['Instagram', '', 'https://evil.example/x'],
  ] as const)('refuses %s @%s at %s', (name, handle, url) => expect(linkMatchesHandle(name, handle, url)).toBe(false));

  it('writes the usual address, and sees the same address however it is written', () => {
    expect(platformProfileUrl('TikTok', '@maya')).toBe('https://tiktok.com/@maya');
    expect(linkKey('https://www.Instagram.com/Maya/?x=1')).toBe(linkKey('https://instagram.com/maya'));
    expect(linkKey('https://instagram.com/maya')).not.toBe(linkKey('https://instagram.com/maya2'));
  });
});
