import { formatDecimal, pluralCategory } from './numbers.ts';

/**
 * The ICU MessageFormat subset the catalogue uses, formatted exactly as intl-messageformat
 * (with `ignoreTag`) formats it (icu.test.ts compares every message of both languages): plain
 * arguments `{name}`, `{n, plural, [offset:k] =0 {…} one {…} other {…}}` with `#`, and
 * `{x, select, a {…} other {…}}`; apostrophes quote as in ICU (`''` is one, `'{` starts a
 * quoted run). Anything else (number, date, time styles) is refused when the message is
 * compiled. A few hundred bytes instead of the parser, so the browser's first load stays small.
 */

type Part =
  | string
  | { kind: 'arg'; name: string }
  | { kind: 'pound' }
  | { kind: 'plural'; name: string; offset: number; options: Record<string, Part[]> }
  | { kind: 'select'; name: string; options: Record<string, Part[]> };

export type IcuValues = Record<string, string | number>;

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new SyntaxError(`ICU message: ${what} at ${this.at} in "${this.text}"`);
  }

  /** Parts until `}` (inside an option) or the end. */
  message(inPlural: boolean, nested: boolean): Part[] {
    const parts: Part[] = [];
    let literal = '';
    const flush = () => {
      if (literal) parts.push(literal);
      literal = '';
    };
    while (this.at < this.text.length) {
      const char = this.text[this.at] as string;
      if (char === '{') {
        flush();
        parts.push(this.argument());
      } else if (char === '}') {
        if (!nested) this.fail('unmatched }');
        break;
      } else if (char === '#' && inPlural) {
        flush();
        parts.push({ kind: 'pound' });
        this.at++;
      } else if (char === "'") {
        literal += this.quote(inPlural);
      } else {
        literal += char;
        this.at++;
      }
    }
    flush();
    return parts;
  }

  /** An apostrophe: `''` is one; before a syntax character it quotes up to the next lone one. */
  private quote(inPlural: boolean): string {
    const next = this.text[this.at + 1];
    if (next === "'") {
      this.at += 2;
      return "'";
    }
    const special =
      next === '{' || next === '}' || next === '<' || next === '>' || (next === '#' && inPlural);
    if (!special) {
      this.at++;
      return "'";
    }
    this.at++;
    let quoted = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at] as string;
      if (char === "'") {
        if (this.text[this.at + 1] === "'") {
          quoted += "'";
          this.at += 2;
          continue;
        }
        this.at++;
        return quoted;
      }
      quoted += char;
      this.at++;
    }
    return quoted;
  }

  private spaces(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  private word(): string {
    const match = /^[^\s{}#,=:'<>]+/.exec(this.text.slice(this.at));
    if (!match) this.fail('expected a name');
    this.at += match[0].length;
    return match[0];
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) this.fail(`expected ${char}`);
    this.at++;
  }

  private argument(): Part {
    this.expect('{');
    this.spaces();
    const name = this.word();
    this.spaces();
    if (this.text[this.at] === '}') {
      this.at++;
      return { kind: 'arg', name };
    }
    this.expect(',');
    this.spaces();
    const type = this.word();
    if (type !== 'plural' && type !== 'select') this.fail(`unsupported argument type ${type}`);
    this.spaces();
    this.expect(',');
    this.spaces();
    let offset = 0;
    if (type === 'plural' && this.text.startsWith('offset:', this.at)) {
      this.at += 'offset:'.length;
      this.spaces();
      const match = /^\d+/.exec(this.text.slice(this.at));
      if (!match) this.fail('expected an offset');
      offset = Number(match[0]);
      this.at += match[0].length;
      this.spaces();
    }
    const options: Record<string, Part[]> = {};
    while (this.text[this.at] !== '}') {
      if (this.at >= this.text.length) this.fail('unterminated argument');
      let selector: string;
      if (type === 'plural' && this.text[this.at] === '=') {
        this.at++;
        selector = `=${this.word()}`;
      } else {
        selector = this.word();
      }
      this.spaces();
      this.expect('{');
      options[selector] = this.message(type === 'plural', true);
      this.expect('}');
      this.spaces();
    }
    this.at++;
    if (!options.other) this.fail('an argument without an `other` option');
    return type === 'plural' ? { kind: 'plural', name, offset, options } : { kind: 'select', name, options };
  }
}

function argumentValue(values: IcuValues | undefined, name: string): string | number {
  if (!values || !(name in values)) throw new Error(`ICU message: no value for {${name}}`);
  return values[name] as string | number;
}

function render(parts: Part[], locale: string, values: IcuValues | undefined, pound: number | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part.kind === 'arg') {
      const value = argumentValue(values, part.name);
      out += value === null || value === undefined ? '' : String(value);
    } else if (part.kind === 'pound') {
      if (pound !== null) out += formatDecimal(pound, locale);
    } else if (part.kind === 'select') {
      const value = argumentValue(values, part.name);
      const option = part.options[String(value)] ?? part.options.other;
      out += render(option ?? [], locale, values, pound);
    } else {
      const value = Number(argumentValue(values, part.name));
      let option = part.options[`=${value}`];
      if (!option) {
        option = part.options[pluralCategory(value - part.offset, locale)] ?? part.options.other;
      }
      out += render(option ?? [], locale, values, value - part.offset);
    }
  }
  return out;
}

/** A compiled message: `format(values)` fills it in and throws when a value it needs is missing. */
export class IcuMessage {
  private readonly parts: Part[];
  constructor(
    text: string,
    private readonly locale: string,
  ) {
    this.parts = new Parser(text).message(false, false);
  }

  format(values?: IcuValues): string {
    return render(this.parts, this.locale, values, null);
  }
}
