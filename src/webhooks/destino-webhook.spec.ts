import { DestinoNoPermitido, esDireccionPublica, resolverDestino, type Resolver } from './destino-webhook.js';

const resolviendoA = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('esDireccionPublica', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.0.1', '169.254.169.254', '169.254.0.1',
    '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1',
    'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', 'fd00:ec2::254', 'no-es-ip', '',
  ])('refuses %s', (address) => {
    expect(esDireccionPublica(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('takes %s', (address) => {
    expect(esDireccionPublica(address)).toBe(true);
  });
});

describe('resolverDestino', () => {
  it('refuses a name that resolves to loopback, and one with any private answer among public ones', async () => {
    await expect(resolverDestino(new URL('https://localhost/x'), false, resolviendoA('127.0.0.1'))).rejects.toThrow(DestinoNoPermitido);
    await expect(resolverDestino(new URL('https://mixto.example/x'), false, resolviendoA('93.184.215.14', '10.0.0.5'))).rejects.toThrow('resolves to 10.0.0.5');
  });

  it('answers the checked address to connect to, and takes IP literals without asking DNS', async () => {
    await expect(resolverDestino(new URL('https://publico.example/x'), false, resolviendoA('93.184.215.14'))).resolves.toEqual({ address: '93.184.215.14', family: 4 });
    const nunca: Resolver = async () => {
      throw new Error('DNS asked');
    };
    await expect(resolverDestino(new URL('https://[2606:4700:4700::1111]/x'), false, nunca)).resolves.toEqual({ address: '2606:4700:4700::1111', family: 6 });
    await expect(resolverDestino(new URL('https://[::1]/x'), false, nunca)).rejects.toThrow(DestinoNoPermitido);
    // The URL parser writes loopback in any spelling as 127.0.0.1 before the check sees it.
    for (const spelling of ['https://2130706433/x', 'https://0x7f.1/x', 'https://127.1/x', 'https://[::ffff:7f00:1]/x']) {
      await expect(resolverDestino(new URL(spelling), false, nunca)).rejects.toThrow(DestinoNoPermitido);
    }
  });

  it('takes private addresses when allowed, and refuses a name without answers', async () => {
    await expect(resolverDestino(new URL('https://localhost/x'), true, resolviendoA('127.0.0.1'))).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolverDestino(new URL('https://nada.example/x'), true, resolviendoA())).rejects.toThrow(DestinoNoPermitido);
  });

  it('refuses a name DNS does not know', async () => {
    await expect(resolverDestino(new URL('https://no-existe.invalid/x'), false)).rejects.toThrow(DestinoNoPermitido);
  });
});
