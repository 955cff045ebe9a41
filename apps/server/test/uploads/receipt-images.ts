import sharp from 'sharp';

/**
 * Screenshot-like bank receipts, drawn deterministically as SVG shapes (no fonts: the same
 * pixels on every machine), to measure how the receipts' perceptual hash tells a reused
 * receipt from a different one (docs/decisions/023-trust-and-safety.md, "Reused receipts").
 *
 * A receipt is one bank app's layout (header band, check mark, title, the amount in large
 * digits, label/value rows, buttons) filled with one payment's values. Digits are drawn as
 * seven-segment glyphs, letters as blocks whose width and height follow the character, so two
 * receipts of the same layout differ exactly where real ones do: amount, names, dates, numbers.
 */

export interface BankLayout {
  name: string;
  /** Header band and accent colour. */
  accent: string;
  /** The app's title in the header. */
  title: string;
  /** Labels of the rows, in order; a receipt gives a value for each. */
  labels: string[];
  /** Where the amount is drawn: centred (most apps) or at the left. */
  amountAlign: 'center' | 'left';
}

export interface ReceiptValues {
  amount: string;
  /** One value per layout label. */
  rows: string[];
  /** The time in the status bar. */
  clock: string;
}

export const WIDTH = 720;
export const HEIGHT = 1560;

export const GREEN_BANK: BankLayout = {
  name: 'green',
  accent: '#21a038',
  title: 'Банк Онлайн',
  labels: [
    'Получатель',
    'Телефон получателя',
    'Банк получателя',
    'Дата и время',
    'Номер операции',
    'Комиссия',
  ],
  amountAlign: 'center',
};

export const YELLOW_BANK: BankLayout = {
  name: 'yellow',
  accent: '#ffdd2d',
  title: 'Мой банк',
  labels: ['Статус', 'Отправитель', 'Получатель', 'Счёт зачисления', 'Идентификатор', 'Дата'],
  amountAlign: 'left',
};

const DARK = '#1a1a1a';
const GREY = '#8a8a8a';

/** Seven-segment glyphs: which of a b c d e f g are lit. */
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abdeg',
  '3': 'abcdg',
  '4': 'bcfg',
  '5': 'acdfg',
  '6': 'acdefg',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0) =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="${r}" fill="${fill}"/>`;

/** One digit as seven segments in a box of `h` high and `0.55 h` wide. */
function digit(ch: string, x: number, y: number, h: number, fill: string): string {
  const w = h * 0.55;
  const t = Math.max(2, h / 9);
  const half = h / 2;
  const lit = SEGMENTS[ch] ?? '';
  const seg: Record<string, string> = {
    a: rect(x, y, w, t, fill),
    b: rect(x + w - t, y, t, half, fill),
    c: rect(x + w - t, y + half, t, half, fill),
    d: rect(x, y + h - t, w, t, fill),
    e: rect(x, y + half, t, half, fill),
    f: rect(x, y, t, half, fill),
    g: rect(x, y + half - t / 2, w, t, fill),
  };
  return [...lit].map((s) => seg[s]).join('');
}

/** The width a string takes at glyph height `h` (what `text` draws). */
export function textWidth(s: string, h: number): number {
  let width = 0;
  for (const ch of s) width += advance(ch, h);
  return width;
}

function advance(ch: string, h: number): number {
  if (ch === ' ') return h * 0.35;
  if (SEGMENTS[ch]) return h * 0.55 + h * 0.18;
  if (ch === ',' || ch === '.' || ch === ':') return h * 0.3;
  if (ch === '-' || ch === '+') return h * 0.5;
  // Letters: 0.45..0.75 h wide, by the character, so each word has its own shape.
  return h * (0.45 + ((ch.codePointAt(0) ?? 0) % 7) * 0.05) + h * 0.1;
}

/** A line of "text": digits as segments, punctuation as dots, letters as blocks. */
function text(s: string, x: number, y: number, h: number, fill: string): string {
  const out: string[] = [];
  let at = x;
  for (const ch of s) {
    const step = advance(ch, h);
    if (SEGMENTS[ch]) out.push(digit(ch, at, y, h, fill));
    else if (ch === ',' || ch === '.') out.push(rect(at + h * 0.05, y + h * 0.82, h * 0.16, h * 0.18, fill));
    else if (ch === ':') {
      out.push(rect(at + h * 0.05, y + h * 0.25, h * 0.14, h * 0.14, fill));
      out.push(rect(at + h * 0.05, y + h * 0.7, h * 0.14, h * 0.14, fill));
    } else if (ch === '-' || ch === '+') {
      out.push(rect(at + h * 0.05, y + h * 0.48, h * 0.36, h * 0.1, fill));
      if (ch === '+') out.push(rect(at + h * 0.18, y + h * 0.3, h * 0.1, h * 0.46, fill));
    } else if (ch !== ' ') {
      const code = ch.codePointAt(0) ?? 0;
      const upper = ch !== ch.toLowerCase();
      const tall = upper || code % 5 === 0; // capitals and some letters reach the cap height
      const top = tall ? y : y + h * 0.3;
      out.push(rect(at, top, step - h * 0.1, y + h - top, fill, 1));
    }
    at += step;
  }
  return out.join('');
}

/** The receipt's SVG: the layout's fixed parts and this payment's values. */
export function receiptSvg(layout: BankLayout, values: ReceiptValues): string {
  const parts: string[] = [rect(0, 0, WIDTH, HEIGHT, '#ffffff')];
  // Status bar: clock and battery.
  parts.push(text(values.clock, 32, 14, 22, DARK), rect(WIDTH - 80, 16, 44, 20, DARK, 4));
  // Header band with logo and title.
  parts.push(rect(0, 52, WIDTH, 112, layout.accent));
  parts.push(`<circle cx="76" cy="108" r="30" fill="#ffffff"/>`);
  parts.push(text(layout.title, 126, 90, 34, layout.name === 'yellow' ? DARK : '#ffffff'));
  // The success mark and the title.
  parts.push(`<circle cx="${WIDTH / 2}" cy="276" r="58" fill="${layout.accent}"/>`);
  parts.push(
    `<polyline points="${WIDTH / 2 - 26},276 ${WIDTH / 2 - 6},298 ${WIDTH / 2 + 30},256" fill="none" stroke="#ffffff" stroke-width="12"/>`,
  );
  const title = 'Перевод выполнен';
  parts.push(text(title, (WIDTH - textWidth(title, 34)) / 2, 366, 34, DARK));
  // The amount, large.
  const amountX = layout.amountAlign === 'center' ? (WIDTH - textWidth(values.amount, 76)) / 2 : 40;
  parts.push(text(values.amount, amountX, AMOUNT_Y, 76, DARK));
  parts.push(rect(40, 560, WIDTH - 80, 2, '#e5e5e5'));
  // Label / value rows.
  layout.labels.forEach((label, i) => {
    const y = ROWS_Y + i * ROW_STEP;
    parts.push(text(label, 40, y, 20, GREY), text(values.rows[i] ?? '', 40, y + 32, 28, DARK));
  });
  // Buttons.
  parts.push(rect(40, 1380, WIDTH - 80, 72, layout.accent, 16));
  parts.push(text('Готово', (WIDTH - textWidth('Готово', 28)) / 2, 1402, 28, '#ffffff'));
  parts.push(rect(40, 1470, WIDTH - 80, 60, '#f2f2f2', 16));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${parts.join('')}</svg>`;
}

const AMOUNT_Y = 440;
const ROWS_Y = 600;
const ROW_STEP = 118;

/** The receipt as the phone saved it: a PNG screenshot. */
export function receiptPng(layout: BankLayout, values: ReceiptValues): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(layout, values)))
    .png()
    .toBuffer();
}

/**
 * What a dishonest buyer does with someone else's receipt: paints the amount over with the
 * background and writes another amount there, then saves it as a JPEG of `quality`.
 */
export async function paintedOverAmount(
  original: Buffer,
  layout: BankLayout,
  values: ReceiptValues,
  newAmount: string,
  quality: number,
): Promise<Buffer> {
  const h = 76;
  const oldX = layout.amountAlign === 'center' ? (WIDTH - textWidth(values.amount, h)) / 2 : 40;
  const newX = layout.amountAlign === 'center' ? (WIDTH - textWidth(newAmount, h)) / 2 : 40;
  const cover = rect(oldX - 6, AMOUNT_Y - 6, textWidth(values.amount, h) + 12, h + 12, '#ffffff');
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${cover}${text(newAmount, newX, AMOUNT_Y, h, DARK)}</svg>`;
  return sharp(original)
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality })
    .toBuffer();
}

/** The same, for one row's value (a date or an operation number painted over). */
export async function paintedOverRow(
  original: Buffer,
  row: number,
  values: ReceiptValues,
  newValue: string,
  quality: number,
): Promise<Buffer> {
  const y = ROWS_Y + row * ROW_STEP + 32;
  const cover = rect(34, y - 4, textWidth(values.rows[row] ?? '', 28) + 12, 36, '#ffffff');
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${cover}${text(newValue, 40, y, 28, DARK)}</svg>`;
  return sharp(original)
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality })
    .toBuffer();
}

/** Payments of the green bank: different people, amounts, dates and numbers, one layout. */
export const GREEN_PAYMENTS: ReceiptValues[] = [
  {
    amount: '15 000,00',
    clock: '12:47',
    rows: [
      'Иван Петрович С.',
      '+7 912 345-67-89',
      'Банк Онлайн',
      '12.03.2025 12:46',
      '4 821 337 902',
      '0,00',
    ],
  },
  {
    amount: '7 250,00',
    clock: '09:05',
    rows: [
      'Мария Александровна К.',
      '+7 903 118-20-44',
      'Банк Онлайн',
      '02.04.2025 09:04',
      '5 017 224 610',
      '0,00',
    ],
  },
  {
    amount: '120 000,00',
    clock: '18:31',
    rows: ['Олег Н.', '+7 926 700-01-02', 'Другой банк', '28.02.2025 18:30', '3 990 101 477', '150,00'],
  },
  {
    amount: '3 400,00',
    clock: '23:58',
    rows: [
      'Анна Сергеевна Л.',
      '+7 999 555-44-33',
      'Банк Онлайн',
      '15.03.2025 23:57',
      '4 902 813 005',
      '0,00',
    ],
  },
  {
    amount: '15 500,00',
    clock: '12:51',
    rows: [
      'Иван Петрович С.',
      '+7 912 345-67-89',
      'Банк Онлайн',
      '12.03.2025 12:50',
      '4 821 338 114',
      '0,00',
    ],
  },
];

export const YELLOW_PAYMENT: ReceiptValues = {
  amount: '15 000,00',
  clock: '12:47',
  rows: ['Успешно', 'Пётр И.', 'Иван Петрович С.', '40817 810 0000 1234', 'A5072 1215 4703', '12.03.2025'],
};

/** A small deterministic generator (a linear congruential one), so every run draws the same receipts. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, digits, pick };
}

const PEOPLE = [
  'Иван Петрович С.',
  'Мария Александровна К.',
  'Олег Н.',
  'Анна Сергеевна Л.',
  'Дмитрий В.',
  'Екатерина Игоревна М.',
  'Сергей Олегович Т.',
  'Юлия П.',
] as const;

/** `count` payments in `layout`, drawn from `seed`: other people, amounts, dates and numbers. */
export function drawPayments(layout: BankLayout, count: number, seed: number): ReceiptValues[] {
  const r = random(seed);
  const amount = () => `${1 + Math.floor(r.next() * 99)} ${r.digits(3)},00`;
  const clock = () => `${10 + Math.floor(r.next() * 13)}:${r.digits(2)}`;
  const date = () =>
    `${Math.floor(r.next() * 3)}${1 + Math.floor(r.next() * 8)}.0${1 + Math.floor(r.next() * 8)}.2025`;
  return Array.from({ length: count }, () =>
    layout === YELLOW_BANK
      ? {
          amount: amount(),
          clock: clock(),
          rows: [
            'Успешно',
            r.pick(PEOPLE),
            r.pick(PEOPLE),
            `40817 810 ${r.digits(4)} ${r.digits(4)}`,
            `A${r.digits(4)} ${r.digits(4)} ${r.digits(4)}`,
            date(),
          ],
        }
      : {
          amount: amount(),
          clock: clock(),
          rows: [
            r.pick(PEOPLE),
            `+7 9${r.digits(2)} ${r.digits(3)}-${r.digits(2)}-${r.digits(2)}`,
            r.pick(['Банк Онлайн', 'Другой банк']),
            `${date()} 1${r.digits(1)}:${r.digits(2)}`,
            `${r.digits(1)} ${r.digits(3)} ${r.digits(3)} ${r.digits(3)}`,
            r.pick(['0,00', '150,00']),
          ],
        },
  );
}

/**
 * The ways a receipt comes back in another trade, each from the original screenshot: saved
 * again as a JPEG, re-scaled, or with one number painted over and saved.
 */
export async function reusesOf(
  original: Buffer,
  layout: BankLayout,
  values: ReceiptValues,
): Promise<Record<string, Buffer>> {
  const firstDigitChanged = `9${values.amount.slice(1)}`;
  return {
    'saved as JPEG q70': await sharp(original).jpeg({ quality: 70 }).toBuffer(),
    'saved as JPEG q50': await sharp(original).jpeg({ quality: 50 }).toBuffer(),
    'amount: one digit, q75': await paintedOverAmount(original, layout, values, firstDigitChanged, 75),
    'amount: shorter, q60': await paintedOverAmount(original, layout, values, '1 000,00', 60),
    'amount: longer, q90': await paintedOverAmount(original, layout, values, '150 000,00', 90),
    'row 4 (date / account), q80': await paintedOverRow(original, 3, values, '19.04.2025 10:12', 80),
    'row 5 (operation / id), q70': await paintedOverRow(original, 4, values, '9 111 222 333', 70),
    'row 1 (name / status), q70': await paintedOverRow(original, 0, values, 'Пётр Ильич Ч.', 70),
    're-scaled to 1080 px, q90': await sharp(original).resize(1080).jpeg({ quality: 90 }).toBuffer(),
    're-scaled to 540 px, q60': await sharp(original).resize(540).jpeg({ quality: 60 }).toBuffer(),
  };
}
