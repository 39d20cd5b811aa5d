import { describe, expect, it } from 'vitest';
import { isInternalPath, parseChatReply } from './chat-reply';

describe('chat replies (seed 001 §7 "the reply text is in the field output")', () => {
  it('takes only paths of this app as internal', () => {
    for (const path of ['/ministerio', '/ministerio/nuevo', '/settings?tab=general', '/#precios', '/'])
      expect(isInternalPath(path), path).toBe(true);
    for (const target of [
      'https://malo.co',
      '//malo.co',
      '/\\malo.co',
      'javascript:alert(1)',
      'ministerio',
      '/con espacio',
      '/a\u0000b',
      '',
      null,
      undefined,
    ])
      expect(isInternalPath(target), String(target)).toBe(false);
  });

  it('turns Markdown links to app paths into links and keeps every other character as text', () => {
    expect(
      parseChatReply(
        'Ve a [Ministerio](/ministerio).\nO [afuera](https://x.co) <b>y</b> [Ajustes](/settings)',
      ),
    ).toEqual([
      { kind: 'text', text: 'Ve a ' },
      { kind: 'link', text: 'Ministerio', to: '/ministerio' },
      { kind: 'text', text: '.\nO [afuera](https://x.co) <b>y</b> ' },
      { kind: 'link', text: 'Ajustes', to: '/settings' },
    ]);
    expect(parseChatReply('El plan **Profesional**: [Precios](/#precios) **[x](https://x.co)**')).toEqual([
      { kind: 'text', text: 'El plan ' },
      { kind: 'strong', text: 'Profesional' },
      { kind: 'text', text: ': ' },
      { kind: 'link', text: 'Precios', to: '/#precios' },
      { kind: 'text', text: ' **[x](https://x.co)**' },
    ]);
    expect(parseChatReply('')).toEqual([]);
    expect(parseChatReply('[roto](/a b) [x](javascript:alert(1))')).toEqual([
      { kind: 'text', text: '[roto](/a b) [x](javascript:alert(1))' },
    ]);
  });
});
