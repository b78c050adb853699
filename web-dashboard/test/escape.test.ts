import { describe, expect, it } from 'vitest';
import { escapeXml } from '../src/ui/escape';

describe('escapeXml', () => {
  it('turns markup into text', () => {
    expect(escapeXml('<img src=x onerror="alert(1)">&\'')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    expect(escapeXml(null)).toBe('');
    expect(escapeXml('羽生 善治')).toBe('羽生 善治');
  });
});
