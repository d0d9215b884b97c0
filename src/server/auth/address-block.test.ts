import { describe, expect, it } from 'vitest';
import { throttledAddress } from './address-block';

describe('throttledAddress', () => {
  it('keeps an IPv4 address, also one written as IPv6, and anything that is not an address', () => {
    expect(throttledAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(throttledAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(throttledAddress('::FFFF:192.0.2.7')).toBe('192.0.2.7');
    expect(throttledAddress('unknown')).toBe('unknown');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const block = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:9',
      '2001:DB8:1:2::a%eth0',
      '2001:db8:1:2::192.0.2.1',
    ]) {
      expect(throttledAddress(address)).toBe(block);
    }
    expect(throttledAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttledAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttledAddress('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(throttledAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
