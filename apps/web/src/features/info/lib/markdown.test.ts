import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, slugOf } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists, tables and fenced code', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        'One line',
        'and its continuation.',
        '',
        '- first',
        '  continued',
        '- second',
        '',
        '| a | b |',
        '|---|---|',
        '| `x \\| y` | 2 |',
        '',
        '```sh',
        'p2p GET /x',
        '',
        'echo done',
        '```',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Title', id: 'title' },
      { kind: 'paragraph', text: 'One line and its continuation.' },
      { kind: 'list', ordered: false, items: ['first continued', 'second'] },
      { kind: 'table', head: ['a', 'b'], rows: [['`x | y`', '2']] },
      { kind: 'code', lang: 'sh', text: 'p2p GET /x\n\necho done' },
    ]);
  });

  it('gives a heading an anchor that links can name', () => {
    expect(slugOf('Signing a request')).toBe('signing-a-request');
    expect(slugOf('Second-factor codes (`totp_code`)')).toBe('second-factor-codes-totp-code');
  });

  it('reads the merchant API guide whole: every table row as wide as its head, anchors unique', () => {
    const guide = readFileSync(new URL('../../../../../../docs/api.md', import.meta.url), 'utf8');
    const blocks = parseMarkdown(guide);
    for (const block of blocks) {
      if (block.kind === 'table') for (const row of block.rows) expect(row).toHaveLength(block.head.length);
    }
    const ids = blocks.flatMap((b) => (b.kind === 'heading' ? [b.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('signing-a-request');
    expect(ids).toContain('operations-a-key-may-call');
    const code = blocks.filter((b) => b.kind === 'code').map((b) => (b.kind === 'code' ? b.text : ''));
    expect(code.join('\n')).toContain('p2p POST /api/v1/trades/$TRADE_ID/actions');
  });
});
