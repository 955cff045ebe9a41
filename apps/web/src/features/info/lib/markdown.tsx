import type { ReactNode } from 'react';

/**
 * The few Markdown forms the repository's guides use (docs/api.md), turned into React elements:
 * headings (with ids for links to a section), paragraphs, lists, tables, fenced code, and inline
 * code, bold and links. Elements, never HTML strings: nothing in the text can become markup.
 * Anything else reads as a paragraph.
 */

export type Block =
  | { kind: 'heading'; level: number; text: string; id: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'code'; lang: string; text: string };

/** A heading's anchor: "Signing a request" -> "signing-a-request". */
export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

const LIST_ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;
const isTableRule = (line: string) => /^\|?\s*:?-{3,}/.test(line.trim());

/** The blocks of a Markdown text, in order. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = /^```(\S*)/.exec(line);
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (fence) {
      const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
      const stop = end === -1 ? lines.length : end;
      blocks.push({ kind: 'code', lang: fence[1] ?? '', text: lines.slice(i + 1, stop).join('\n') });
      i = stop + 1;
    } else if (heading) {
      const text = heading[2] ?? '';
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text, id: slugOf(text) });
      i++;
    } else if (line.trim().startsWith('|') && isTableRule(lines[i + 1] ?? '')) {
      const rows: string[][] = [];
      let j = i + 2;
      while (j < lines.length && (lines[j] ?? '').trim().startsWith('|')) rows.push(cells(lines[j++] ?? ''));
      blocks.push({ kind: 'table', head: cells(line), rows });
      i = j;
    } else if (LIST_ITEM.test(line)) {
      i = readList(lines, i, blocks);
    } else {
      const para: string[] = [];
      while (i < lines.length && (lines[i] ?? '').trim() !== '' && !startsBlock(lines, i))
        para.push(lines[i++] ?? '');
      if (para.length === 0) para.push(lines[i++] ?? '');
      blocks.push({ kind: 'paragraph', text: para.map((l) => l.trim()).join(' ') });
    }
  }
  return blocks;
}

function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i] ?? '';
  return (
    /^```|^#{1,4}\s/.test(line) ||
    LIST_ITEM.test(line) ||
    (line.trim().startsWith('|') && isTableRule(lines[i + 1] ?? ''))
  );
}

/** A list from line `i`: its items, each with the indented lines that continue it. */
function readList(lines: string[], start: number, blocks: Block[]): number {
  const ordered = /^\s*\d+\./.test(lines[start] ?? '');
  const items: string[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const item = LIST_ITEM.exec(line);
    if (item) items.push(item[3] ?? '');
    else if (line.trim() !== '' && /^\s+/.test(line) && items.length > 0)
      items[items.length - 1] += ` ${line.trim()}`;
    else break;
    i++;
  }
  blocks.push({ kind: 'list', ordered, items });
  return i;
}

const SAFE_HREF = /^(https?:\/\/|\/(?!\/)|#)/;

/** Inline code, bold and links of one line of text. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [, code, bold, label, href] = match;
    if (code !== undefined) out.push(<code key={key++}>{code}</code>);
    else if (bold !== undefined) out.push(<strong key={key++}>{renderInline(bold)}</strong>);
    else if (label !== undefined && href !== undefined && SAFE_HREF.test(href))
      out.push(
        <a key={key++} href={href}>
          {label}
        </a>,
      );
    else out.push(match[0]);
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** One block as an element; headings sit `shift` levels below the Markdown's (the page has its own h1). */
function renderBlock(block: Block, index: number, shift: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(6, block.level + shift);
      const Tag = `h${level}` as 'h2';
      return (
        <Tag key={index} id={block.id}>
          {renderInline(block.text)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={index}>{renderInline(block.text)}</p>;
    case 'list': {
      const Tag = block.ordered ? 'ol' : 'ul';
      return (
        <Tag key={index}>
          {block.items.map((item, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list of a fixed text never reorders
            <li key={j}>{renderInline(item)}</li>
          ))}
        </Tag>
      );
    }
    case 'table':
      return (
        <div key={index} className="md-table">
          <table>
            <thead>
              <tr>
                {block.head.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table of a fixed text never reorders
                  <th key={j}>{renderInline(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table of a fixed text never reorders
                <tr key={j}>
                  {row.map((cell, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a table of a fixed text never reorders
                    <td key={k}>{renderInline(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <pre key={index} className="md-code" data-lang={block.lang || undefined}>
          <code>{block.text}</code>
        </pre>
      );
  }
}

/** A Markdown text as elements. */
export function Markdown({ source, headingShift = 1 }: { source: string; headingShift?: number }) {
  return <>{parseMarkdown(source).map((block, i) => renderBlock(block, i, headingShift))}</>;
}
