import * as chrono from 'chrono-node';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { MAX_PLAN_LIMIT, currencyFieldIn, defaultSelectionOf, fieldOf, listOf, listPrefixOf, referencedList, snakeCase } from './catalogue.ts';
import { type AggregateFunction, type Catalogue, type CatalogueField, type CatalogueList, MAX_QUESTION_LENGTH, type PlannerResult, type QueryPlan, type RecordCondition } from './plan.ts';
import type { Vocabulary, VocabularyTerm } from './vocabulary.ts';

/**
 * The offline planner: a deterministic semantic parser from an English question to a QueryPlan
 * over the catalogue. wink-nlp's English model gives tokens, lemmas and parts of speech;
 * chrono-node reads absolute dates. The words it understands come from the schema (list, field and
 * enum names, filter arguments) and the tenant's vocabulary (warehouse and customer names, SKUs,
 * event types), plus the small synonym tables below where people's words are not the schema's.
 * It never guesses: a question matching two lists equally is `ambiguous`, one it cannot place
 * (or that asks for a change) is `unanswerable`, each with questions it can answer instead.
 */

const nlp = winkNLP(model);
const its = nlp.its;

/** Below this share of understood content words the question is not answered. */
const MIN_CONFIDENCE = 0.75;
/** Records a "which"/"top" question shows when it names no number. */
const DEFAULT_TOP = 5;

// --- Synonyms: where people's words are not the schema's ----------------------------------------

/** Words for lists, by list field. A list's own name and record type are always understood. */
const LIST_SYNONYMS: Record<string, string[]> = {
  inventory_items: ['sku', 'skus', 'product', 'item', 'article', 'stock item', 'inventory'],
  orders: ['order', 'sale', 'purchase'],
  customers: ['customer', 'client', 'buyer', 'supplier', 'vendor', 'account'],
  invoices: ['invoice', 'bill', 'receivable'],
  ledger_entries: ['journal entry', 'ledger entry', 'ledger', 'journal', 'posting', 'entry'],
  events: ['event'],
  warehouses: ['warehouse', 'location', 'depot', 'site'],
  stock_movements: ['movement', 'stock movement', 'stock change'],
  connectors: ['connector', 'integration'],
  sync_jobs: ['sync', 'sync job', 'import', 'synchronisation', 'synchronization'],
  workflows: ['workflow', 'automation'],
  workflow_runs: ['run', 'workflow run', 'execution'],
  webhook_endpoints: ['webhook', 'webhook endpoint', 'endpoint'],
  users: ['user', 'member', 'teammate'],
  api_keys: ['api key'],
  roles: ['role'],
  audit_records: ['audit record', 'audit log', 'audit trail', 'audit entry'],
};

/** Phrases meaning a list with filters set (`sales orders`), checked before the list's plain words. */
const LIST_PHRASES: Array<{ words: string; list: string; arguments: Record<string, unknown> }> = [
  { words: 'sales order', list: 'orders', arguments: { kind: 'sales' } },
  { words: 'sale order', list: 'orders', arguments: { kind: 'sales' } },
  { words: 'sales', list: 'orders', arguments: { kind: 'sales' } },
  { words: 'purchase order', list: 'orders', arguments: { kind: 'purchase' } },
  { words: 'po', list: 'orders', arguments: { kind: 'purchase' } },
  { words: 'purchase', list: 'orders', arguments: { kind: 'purchase' } },
];

/** Words for record fields, by field name (any list having the field). */
const FIELD_SYNONYMS: Record<string, string[]> = {
  quantity_on_hand: ['stock', 'on hand', 'in stock', 'stock level', 'stock on hand', 'unit', 'quantity', 'inventory level', 'level'],
  'stock_levels.quantity_on_hand': ['stock', 'on hand', 'stock level', 'stock on hand', 'unit', 'quantity'],
  reorder_point: ['reorder point', 'reorder level', 'reorder threshold', 'minimum stock'],
  total: ['value', 'amount', 'worth', 'size', 'total', 'revenue'],
  amount_due: ['amount due', 'outstanding', 'owed', 'open amount', 'unpaid amount', 'balance due', 'due amount'],
  amount_paid: ['amount paid', 'paid amount', 'payment'],
  tax_total: ['tax', 'vat'],
  'open_balances.amount': ['open balance', 'balance', 'outstanding balance', 'owe', 'owed', 'outstanding', 'debt'],
  name: ['name', 'called', 'title'],
  warehouse_id: ['home warehouse', 'warehouse'],
  records_failed: ['failed record', 'failure', 'records failed'],
  records_seen: ['records seen', 'record read', 'records read'],
  records_created: ['records created', 'record created'],
  quantity: ['quantity'],
  created_at: ['created', 'creation date', 'date'],
  due_date: ['due date', 'due'],
  'lines.quantity': ['unit ordered', 'units ordered'],
};

/** Enum values under other words; `values` are tried against the list's enum fields in order. */
const ENUM_SYNONYMS: Array<{ words: string[]; values: string[] }> = [
  { words: ['unpaid', 'outstanding', 'open', 'unsettled', 'awaiting payment'], values: ['issued'] },
  { words: ['open', 'pending', 'in progress'], values: ['draft', 'confirmed'] },
  { words: ['shipped', 'delivered', 'completed', 'complete', 'dispatched'], values: ['fulfilled'] },
  { words: ['settled'], values: ['paid'] },
  { words: ['voided', 'cancelled', 'canceled'], values: ['void'] },
  { words: ['canceled'], values: ['cancelled'] },
  { words: ['successful', 'completed', 'complete', 'done', 'finished', 'success', 'succeed'], values: ['succeeded'] },
  { words: ['errored', 'failing', 'broken', 'unsuccessful'], values: ['failed'] },
  { words: ['unfulfilled', 'not shipped'], values: ['!fulfilled'] },
];

/** Boolean filters under other words, by argument name; `value` is what the words mean. */
const BOOLEAN_SYNONYMS: Record<string, Array<{ words: string; value: boolean }>> = {
  reorder_below: [
    { words: 'below reorder point', value: true },
    { words: 'reordered', value: true },
    { words: 'restocked', value: true },
    { words: 'under reorder point', value: true },
    { words: 'below reorder level', value: true },
    { words: 'below reorder threshold', value: true },
    { words: 'low stock', value: true },
    { words: 'low on stock', value: true },
    { words: 'running low', value: true },
    { words: 'need reorder', value: true },
    { words: 'need reordering', value: true },
    { words: 'need restocking', value: true },
    { words: 'need to be reordered', value: true },
    { words: 'to reorder', value: true },
    { words: 'above reorder point', value: false },
    { words: 'at or above reorder point', value: false },
    { words: 'well stocked', value: false },
  ],
  overdue: [
    { words: 'overdue', value: true },
    { words: 'past due', value: true },
    { words: 'late', value: true },
  ],
  archived: [
    { words: 'archived', value: true },
    { words: 'inactive', value: true },
  ],
  enabled: [
    { words: 'enabled', value: true },
    { words: 'active', value: true },
    { words: 'disabled', value: false },
    { words: 'inactive', value: false },
    { words: 'turned off', value: false },
  ],
  resolved: [
    { words: 'resolved', value: true },
    { words: 'unresolved', value: false },
  ],
};

/** Verbs that ask for a change: the copilot only reads. */
const WRITE_VERBS = new Set([
  'create', 'add', 'delete', 'remove', 'archive', 'unarchive', 'update', 'change', 'set', 'cancel', 'fulfil', 'fulfill', 'ship', 'receive', 'pay', 'issue', 'void', 'send', 'email', 'restock', 'reorder',
  'adjust', 'transfer', 'move', 'import', 'sync', 'enable', 'disable', 'rename', 'refund', 'approve', 'reject', 'post', 'publish', 'rotate', 'revoke', 'invite', 'deactivate', 'book', 'write',
  'modify', 'edit', 'mark', 'close', 'drop', 'insert', 'replace', 'increase', 'decrease', 'raise', 'lower', 'order', 'purchase', 'buy', 'sell', 'charge', 'credit', 'debit', 'trigger', 'run', 'start', 'stop', 'retry', 'replay', 'resend', 'reset', 'grant', 'assign', 'wipe', 'purge', 'erase', 'destroy',
]);
/** Openings before an imperative: "please archive…", "can you send…". */
const REQUEST_OPENINGS = ['please', 'can you', 'could you', 'would you', 'will you', 'i want to', 'i need to', 'i would like to', "i'd like to", 'go ahead and', 'kindly', 'let us', "let's"];

/** Words every question has that say nothing about the data. */
const FILLER = new Set(
  (
    'show list give tell find get display fetch return see know want need look what which who whose how many much is are was were be been being do does ' +
    'did have has had there here me my our we us i you your the a an of in on at to for from with by and or as that this these those it its their them ' +
    'they all any every each some please can could would will should currently current right now today than then also just only ever exist exists existing ' +
    'one ones record records entry entries thing things data number amount count total details detail info information kindly overall across between where ' +
    'when while so into over under up about per like such same other another more most less least very really still yet again ' +
    // Verbs that only link a record to what it holds: "orders containing SKU-1001", "items stored in Paris".
    'contain containing include including hold holding store stored keep kept place placed breakdown '
  )
    .trim()
    .split(' '),
);

const NEGATIONS = new Set(['not', "n't", 'no', 'never', 'excluding', 'exclude', 'except', 'without', 'besides', 'non', 'neither', 'nor']);
/** Words a phrase may have between its own ("below their reorder point", "records were created"). */
const DETERMINERS = new Set(['the', 'their', 'its', 'a', 'an', 'his', 'her', 'our', 'my', 'your', 'of', 'were', 'was', 'are', 'is', 'been', 'be', 'have', 'has']);
const SMALL_NUMBERS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20, fifty: 50, hundred: 100, dozen: 12 };
const CURRENCY_WORDS: Record<string, string> = { '€': 'EUR', euro: 'EUR', euros: 'EUR', $: 'USD', dollar: 'USD', dollars: 'USD', '£': 'GBP', pound: 'GBP', pounds: 'GBP' };
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const COMPARATORS: Array<{ words: string; op: RecordCondition['op'] }> = [
  { words: 'more than', op: 'gt' },
  { words: 'greater than', op: 'gt' },
  { words: 'higher than', op: 'gt' },
  { words: 'larger than', op: 'gt' },
  { words: 'bigger than', op: 'gt' },
  { words: 'over', op: 'gt' },
  { words: 'above', op: 'gt' },
  { words: 'exceeding', op: 'gt' },
  { words: 'exceed', op: 'gt' },
  { words: 'at least', op: 'gte' },
  { words: 'no less than', op: 'gte' },
  { words: 'less than', op: 'lt' },
  { words: 'fewer than', op: 'lt' },
  { words: 'lower than', op: 'lt' },
  { words: 'smaller than', op: 'lt' },
  { words: 'under', op: 'lt' },
  { words: 'below', op: 'lt' },
  { words: 'at most', op: 'lte' },
  { words: 'no more than', op: 'lte' },
  { words: 'up to', op: 'lte' },
  { words: 'exactly', op: 'eq' },
  { words: 'equal to', op: 'eq' },
];

const AGGREGATE_WORDS: Array<{ words: string; fn: AggregateFunction }> = [
  { words: 'how many', fn: 'count' },
  { words: 'number of', fn: 'count' },
  { words: 'count of', fn: 'count' },
  { words: 'count', fn: 'count' },
  { words: 'how much', fn: 'sum' },
  { words: 'sum of', fn: 'sum' },
  { words: 'sum', fn: 'sum' },
  { words: 'total', fn: 'sum' },
  { words: 'combined', fn: 'sum' },
  { words: 'average', fn: 'avg' },
  { words: 'mean', fn: 'avg' },
  { words: 'avg', fn: 'avg' },
  { words: 'maximum', fn: 'max' },
  { words: 'max', fn: 'max' },
  { words: 'minimum', fn: 'min' },
  { words: 'min', fn: 'min' },
];

/** Superlatives: with a number or a "which", the top records; alone before a field, its max or min. */
const SUPERLATIVES: Record<string, { direction: 'asc' | 'desc'; kind: 'measure' | 'time' }> = {
  highest: { direction: 'desc', kind: 'measure' },
  largest: { direction: 'desc', kind: 'measure' },
  biggest: { direction: 'desc', kind: 'measure' },
  greatest: { direction: 'desc', kind: 'measure' },
  most: { direction: 'desc', kind: 'measure' },
  top: { direction: 'desc', kind: 'measure' },
  lowest: { direction: 'asc', kind: 'measure' },
  smallest: { direction: 'asc', kind: 'measure' },
  least: { direction: 'asc', kind: 'measure' },
  fewest: { direction: 'asc', kind: 'measure' },
  bottom: { direction: 'asc', kind: 'measure' },
  newest: { direction: 'desc', kind: 'time' },
  latest: { direction: 'desc', kind: 'time' },
  recent: { direction: 'desc', kind: 'time' },
  last: { direction: 'desc', kind: 'time' },
  oldest: { direction: 'asc', kind: 'time' },
  earliest: { direction: 'asc', kind: 'time' },
  first: { direction: 'asc', kind: 'time' },
};

/** Verbs naming a record's time field other than by its own stem (`placed` → `created_at`). */
const DATE_VERBS: Record<string, string[]> = {
  created_at: ['create', 'place', 'make', 'add', 'open', 'register', 'new', 'raise', 'start'],
  occurred_at: ['occur', 'happen', 'fire', 'publish', 'emit', 'record', 'receive', 'log'],
  fulfilled_at: ['ship', 'deliver', 'dispatch', 'fulfil', 'fulfill', 'complete'],
  issued_at: ['issue', 'send', 'bill', 'invoice'],
  paid_at: ['pay', 'settle'],
  due_date: ['due', 'expire'],
  posted_at: ['post', 'book'],
  finished_at: ['finish', 'end', 'complete'],
};

// --- Tokens --------------------------------------------------------------------------------------

interface Token {
  text: string;
  lower: string;
  lemma: string;
  pos: string;
  start: number;
  end: number;
  /** A tenant term or a date the pre-pass recognised, standing for this token. */
  mention?: Mention;
  consumed: boolean;
}

type Mention = { kind: 'term'; term: VocabularyTerm; text: string } | { kind: 'code'; term: VocabularyTerm; text: string } | { kind: 'unknown_code'; text: string };

/** A time range from a date expression: `from` inclusive, `to` exclusive, either open. */
interface DateRange {
  from?: Date;
  to?: Date;
  /** Where the expression ends in the question, for the verb that says which date it is about. */
  start: number;
  text: string;
}

interface Reading {
  list: CatalogueList;
  arguments: Record<string, unknown>;
  where: RecordCondition[];
  select: string[];
  groupBy: string[];
  aggregate?: { function: AggregateFunction; field?: string };
  order?: { field: string; direction: 'asc' | 'desc' };
  limit?: number;
  /** Words for the interpretation sentence. */
  notes: string[];
}

function tokenise(text: string): Token[] {
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  // wink's typings declare `lemma` with the model's add-ons; at run time it is a token property like `value`.
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const poses = doc.tokens().out(its.pos) as string[];
  const tokens: Token[] = [];
  let cursor = 0;
  values.forEach((value, index) => {
    const start = text.indexOf(value, cursor);
    const at = start === -1 ? cursor : start;
    cursor = at + value.length;
    tokens.push({ text: value, lower: value.toLowerCase(), lemma: (lemmas[index] ?? value).toLowerCase(), pos: poses[index] ?? 'X', start: at, end: at + value.length, consumed: false });
  });
  return tokens;
}

/** A word of a phrase, as written and as a lemma. */
interface Word {
  lower: string;
  lemma: string;
}

/** The words of a phrase, as the tokens of a question are compared with them. */
const phraseCache = new Map<string, Word[]>();
function phraseWords(phrase: string): Word[] {
  let words = phraseCache.get(phrase);
  if (!words) {
    words = tokenise(phrase).map((token) => ({ lower: token.lower, lemma: token.lemma }));
    phraseCache.set(phrase, words);
  }
  return words;
}

/** The same word, in any of its forms ("fulfilled" the adjective and "fulfilled" the verb, "SKUs" and "SKU"). */
function sameWord(token: Token, word: Word): boolean {
  return token.lower === word.lower || token.lemma === word.lemma || token.lemma === word.lower || token.lower === word.lemma || (token.lower.endsWith('s') && token.lower.slice(0, -1) === word.lower);
}

/**
 * Whether `phrase` occurs at token `index` (free tokens only; determiners may sit between its
 * words: "below their reorder point"). Answers the index after it, or -1.
 */
function matchAt(tokens: Token[], index: number, phrase: string, allowConsumed = false): number {
  const words = phraseWords(phrase);
  let position = index;
  for (const [offset, word] of words.entries()) {
    while (offset > 0 && position < tokens.length && DETERMINERS.has((tokens[position] as Token).lower) && !sameWord(tokens[position] as Token, word)) position++;
    const token = tokens[position];
    if (!token || (token.consumed && !allowConsumed) || token.mention || !sameWord(token, word)) return -1;
    position++;
  }
  return words.length > 0 ? position : -1;
}

function consume(tokens: Token[], from: number, to: number): void {
  for (let index = from; index < to; index++) (tokens[index] as Token).consumed = true;
}

/** Finds the longest of `phrases` at each free position, left to right. */
function findPhrases<T extends { words: string }>(tokens: Token[], phrases: readonly T[], allowConsumed = false): Array<{ entry: T; from: number; to: number }> {
  const sorted = [...phrases].sort((a, b) => phraseWords(b.words).length - phraseWords(a.words).length);
  const found: Array<{ entry: T; from: number; to: number }> = [];
  for (let index = 0; index < tokens.length; index++) {
    for (const entry of sorted) {
      const end = matchAt(tokens, index, entry.words, allowConsumed);
      if (end !== -1) {
        found.push({ entry, from: index, to: end });
        index = end - 1;
        break;
      }
    }
  }
  return found;
}

function isNegated(tokens: Token[], index: number, window = 3): boolean {
  for (let back = index - 1; back >= Math.max(0, index - window); back--) {
    const token = tokens[back] as Token;
    if (NEGATIONS.has(token.lower) || NEGATIONS.has(token.lemma) || token.lower === 'other' && tokens[back + 1]?.lower === 'than') return true;
    if (token.pos === 'PUNCT' || token.lower === 'and' || token.lower === 'or' && !NEGATIONS.has(tokens[back - 1]?.lower ?? '')) return false;
  }
  return false;
}

// --- Mentions of the tenant's data ---------------------------------------------------------------

/** `SKU-1002`, `wh_8f3a`, `custom.shipment.delayed`, `SO-000003`: codes people paste into questions. */
const CODE = /(?<![\w.-])([A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)+)(?![\w-])/g;

/**
 * Replaces the tenant's names and codes in the question with placeholders (so the tokenizer keeps
 * each whole), longest phrases first. A code not in the vocabulary but shaped like its codes of
 * one kind (`SKU-9999` like the SKUs) is taken as one of them; any other code is unknown.
 */
function findMentions(question: string, vocabulary: Vocabulary): { text: string; mentions: Map<string, Mention> } {
  const phrases = vocabulary.terms
    .flatMap((term) => term.phrases.map((phrase) => ({ phrase, term })))
    .filter(({ phrase }) => phrase.trim().length >= 2)
    .sort((a, b) => b.phrase.length - a.phrase.length);
  const mentions = new Map<string, Mention>();
  let text = question;
  const placeholder = () => `Zzq${String.fromCharCode(97 + Math.floor(mentions.size / 26))}${String.fromCharCode(97 + (mentions.size % 26))}`;
  const lowered = () => text.toLowerCase();
  for (const { phrase, term } of phrases) {
    const needle = phrase.toLowerCase();
    let at = lowered().indexOf(needle);
    while (at !== -1) {
      const before = text[at - 1];
      const after = text[at + needle.length];
      if ((before === undefined || !/[\w]/.test(before)) && (after === undefined || !/[\w-]/.test(after))) {
        const key = placeholder();
        mentions.set(key, { kind: CODE.test(phrase) && phrase === term.value ? 'code' : 'term', term, text: text.slice(at, at + needle.length) });
        CODE.lastIndex = 0;
        text = `${text.slice(0, at)}${key}${text.slice(at + needle.length)}`;
      }
      at = lowered().indexOf(needle, at + 1);
    }
  }
  text = text.replace(CODE, (code: string) => {
    const key = placeholder();
    const shape = codeShape(code);
    const kin = vocabulary.terms.filter((term) => codeShape(term.value) === shape);
    const lists = new Set(kin.map((term) => `${term.list}.${term.field}`));
    const like = kin[0];
    mentions.set(key, like && lists.size === 1 ? { kind: 'code', term: { list: like.list, field: like.field, value: code, phrases: [code] }, text: code } : { kind: 'unknown_code', text: code });
    return key;
  });
  return { text, mentions };
}

/** A code's shape: its leading letters and separator (`SKU-`, `wh_`, `custom.`). */
function codeShape(code: string): string | undefined {
  return /^([A-Za-z]+[-_.])/.exec(code)?.[1]?.toLowerCase();
}

// --- Dates ---------------------------------------------------------------------------------------

const DAY = 86_400_000;
const UNIT_DAYS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, month: 30, months: 30, year: 365, years: 365 };

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Monday 00:00 UTC of the week holding `date`. */
function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

/**
 * The date expressions of a question, as ranges in UTC: relative ones ("last week" is the calendar
 * week before this one, Monday to Monday; "last 30 days" ends now; "older than 30 days" ends 30
 * days ago) by the patterns below, absolute ones ("since 1 March", "in May", "on 3 March 2025")
 * through chrono-node. A date without a year is the latest one not after now.
 */
function findDates(text: string, now: Date): DateRange[] {
  const ranges: DateRange[] = [];
  const taken: Array<[number, number]> = [];
  const add = (index: number, length: number, range: Omit<DateRange, 'start' | 'text'>) => {
    if (taken.some(([from, to]) => index < to && index + length > from)) return;
    taken.push([index, index + length]);
    ranges.push({ ...range, start: index, text: text.slice(index, index + length) });
  };
  const today = startOfDay(now);
  const relative: Array<[RegExp, (match: RegExpExecArray) => Omit<DateRange, 'start' | 'text'>]> = [
    [/\b(?:older than|more than|over)\s+(\d+|a|an|one|two|three|six)\s+(days?|weeks?|months?|years?)(?:\s+(?:old|ago))?/gi, (m) => ({ to: new Date(now.getTime() - count(m[1]) * (UNIT_DAYS[m[2]?.toLowerCase() ?? 'day'] ?? 1) * DAY) })],
    [/\b(?:less than|under|within(?: the)?(?: last| past)?|newer than|younger than|in the (?:last|past)|(?:the )?(?:last|past|previous))\s+(\d+|a|an|one|two|three|six)\s+(days?|weeks?|months?|years?)(?:\s+(?:old|ago))?/gi, (m) => ({ from: new Date(now.getTime() - count(m[1]) * (UNIT_DAYS[m[2]?.toLowerCase() ?? 'day'] ?? 1) * DAY) })],
    [/\b(\d+)\s+(days?|weeks?|months?)\s+ago\b/gi, (m) => ({ from: new Date(startOfDay(new Date(now.getTime() - count(m[1]) * (UNIT_DAYS[m[2]?.toLowerCase() ?? 'day'] ?? 1) * DAY)).getTime()), to: new Date(startOfDay(new Date(now.getTime() - count(m[1]) * (UNIT_DAYS[m[2]?.toLowerCase() ?? 'day'] ?? 1) * DAY)).getTime() + DAY) })],
    [/\btoday\b/gi, () => ({ from: today, to: new Date(today.getTime() + DAY) })],
    [/\byesterday\b/gi, () => ({ from: new Date(today.getTime() - DAY), to: today })],
    [/\b(this|last|previous|past|next)\s+(week|month|year|quarter)\b/gi, (m) => calendarRange(now, (m[1] ?? '').toLowerCase(), (m[2] ?? '').toLowerCase())],
  ];
  for (const [pattern, toRange] of relative) {
    for (const match of text.matchAll(pattern)) add(match.index, match[0].length, toRange(match as RegExpExecArray));
  }
  for (const result of chrono.parse(text, { instant: now, timezone: 0 })) {
    const { start } = result;
    const month = start.get('month');
    if (!month || taken.some(([from, to]) => result.index < to && result.index + result.text.length > from)) continue;
    const day = start.isCertain('day') ? (start.get('day') ?? 1) : undefined;
    let year = start.isCertain('year') ? (start.get('year') ?? now.getUTCFullYear()) : now.getUTCFullYear();
    if (!start.isCertain('year') && Date.UTC(year, month - 1, day ?? 1) > now.getTime()) year -= 1;
    const from = new Date(Date.UTC(year, month - 1, day ?? 1));
    const to = day === undefined ? new Date(Date.UTC(year, month, 1)) : new Date(from.getTime() + DAY);
    const before = text.slice(0, result.index).trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
    const within = result.text.toLowerCase().split(/\s+/)[0] ?? '';
    const word = ['since', 'after', 'from', 'before', 'until', 'till', 'by'].includes(within) ? within : before;
    const range = word === 'since' || word === 'from' ? { from } : word === 'after' ? { from: to } : word === 'before' ? { to: from } : word === 'until' || word === 'till' || word === 'by' ? { to } : { from, to };
    add(result.index, result.text.length, range);
  }
  return ranges;
}

function count(word: string | undefined): number {
  const lower = (word ?? '1').toLowerCase();
  return lower === 'a' || lower === 'an' ? 1 : (SMALL_NUMBERS[lower] ?? Number(lower));
}

function calendarRange(now: Date, which: string, unit: string): Omit<DateRange, 'start' | 'text'> {
  const shift = which === 'this' ? 0 : which === 'next' ? 1 : -1;
  if (unit === 'week') {
    const from = new Date(startOfWeek(now).getTime() + shift * 7 * DAY);
    return { from, to: new Date(from.getTime() + 7 * DAY) };
  }
  const year = now.getUTCFullYear();
  if (unit === 'year') return { from: new Date(Date.UTC(year + shift, 0, 1)), to: new Date(Date.UTC(year + shift + 1, 0, 1)) };
  const months = unit === 'quarter' ? 3 : 1;
  const first = unit === 'quarter' ? Math.floor(now.getUTCMonth() / 3) * 3 : now.getUTCMonth();
  return { from: new Date(Date.UTC(year, first + shift * months, 1)), to: new Date(Date.UTC(year, first + (shift + 1) * months, 1)) };
}

// --- Catalogue words -----------------------------------------------------------------------------

function words(name: string): string {
  return name.replaceAll('.', ' ').replaceAll('_', ' ');
}

/** The words that name a list: its field, its record type, its synonyms. */
function listWords(list: CatalogueList): string[] {
  return [...new Set([words(list.field), words(snakeCase(list.recordType)), ...(LIST_SYNONYMS[list.field] ?? [])])];
}

/** The words that name a field of a list: its own (`quantity on hand`), its last segments, its synonyms. */
function fieldPhrases(list: CatalogueList): Array<{ words: string; field: CatalogueField }> {
  const phrases: Array<{ words: string; field: CatalogueField }> = [];
  for (const field of list.fields) {
    if (field.type === 'object' && list.fields.some((other) => other.name.startsWith(`${field.name}.`))) continue;
    const segments = field.name.split('.');
    const own = [words(field.name), ...(segments.length > 1 ? [words(segments.slice(-2).join(' ')), words(segments.at(-1) as string)] : [])];
    for (const phrase of new Set([...own, ...(FIELD_SYNONYMS[field.name] ?? [])])) phrases.push({ words: phrase, field });
  }
  // The record's own fields before those of records it links to: "total" is the order's, not a line's.
  return phrases.sort((a, b) => a.field.name.split('.').length - b.field.name.split('.').length);
}

// --- Planning ------------------------------------------------------------------------------------

export interface PlanningContext {
  catalogue: Catalogue;
  vocabulary: Vocabulary;
  /** The time relative dates are read against. */
  now: Date;
}

/** Plans a question over the catalogue, or says why it cannot: see the module comment. */
export function planQuestion(question: string, context: PlanningContext): PlannerResult {
  const { catalogue } = context;
  const trimmed = typeof question === 'string' ? question.trim() : '';
  if (trimmed === '') return refuse('unanswerable', 'The question is empty.', context);
  if (trimmed.length > MAX_QUESTION_LENGTH) return refuse('unanswerable', `The question is longer than ${MAX_QUESTION_LENGTH} characters; ask one thing at a time.`, context);

  const { text, mentions } = findMentions(trimmed, context.vocabulary);
  const tokens = tokenise(text);
  for (const token of tokens) token.mention = mentions.get(token.text);

  const write = asksForChange(tokens, catalogue.lists);
  if (write) return refuse('unanswerable', `The copilot reads data and never changes it: "${write}" asks for a change. Make changes through the API or a workflow.`, context);
  if (tokens.some((token, index) => token.lemma === 'tenant' && /^(every|all|other|another|each|any)$/.test(tokens[index - 1]?.lower ?? '')) || /\b(every|all|other|another)\s+tenants?'?s?\b/i.test(text)) {
    return refuse('unanswerable', 'Answers cover your own tenant only: no question can read another tenant’s data.', context);
  }
  const unknown = [...mentions.values()].find((mention) => mention.kind === 'unknown_code');
  if (unknown) return refuse('unanswerable', `"${unknown.text}" is not a name or id found in your data.`, context);

  const choice = chooseList(tokens, catalogue);
  if (choice.status !== 'chosen') return refuse(choice.status, choice.reason, context, choice.candidates);

  const reading: Reading = { list: choice.list, arguments: { ...choice.arguments }, where: [], select: [], groupBy: [], notes: [] };
  const dates = findDates(text, context.now);
  readDates(tokens, dates, reading);
  readMentions(tokens, reading, catalogue);
  readComparisons(tokens, reading);
  readCurrencies(tokens, reading);
  readGrouping(tokens, reading, catalogue);
  readOrdering(tokens, reading);
  readAggregate(tokens, reading);
  readBooleans(tokens, reading);
  readEnums(tokens, reading);
  readListWords(tokens, reading, catalogue);
  readFields(tokens, reading);

  const unknownNames = tokens.filter((token, index) => !token.consumed && !token.mention && token.pos === 'PROPN' && index > 0 && /^[A-Z]/.test(token.text) && !FILLER.has(token.lower) && !ISO_CURRENCIES.has(token.text));
  const namesSomething = (token: Token | undefined) => !!token && (/^(in|at|of|for|from|by|to|named|called)$/.test(token.lower) || catalogue.lists.some((list) => isListWord(token, list)));
  if (unknownNames.length > 0 && unknownNames.some((token) => namesSomething(tokens[tokens.indexOf(token) - 1]))) {
    return refuse('unanswerable', `"${unknownNames.map((token) => token.text).join(' ')}" is not a name found in your data.`, context, [reading.list.field]);
  }
  const content = tokens.filter((token) => isContent(token));
  const understood = content.filter((token) => token.consumed || token.mention);
  const confidence = content.length === 0 ? 0 : Math.round((understood.length / content.length) * 100) / 100;
  const missed = content.filter((token) => !token.consumed && !token.mention).map((token) => token.text);
  if (confidence < MIN_CONFIDENCE) {
    return { ...refuse('unanswerable', `Too much of the question was not understood (${missed.map((word) => `"${word}"`).join(', ')}).`, context, [reading.list.field]), confidence };
  }

  const plan = finishPlan(reading);
  // A list read only for one parent record (a run's steps, an endpoint's deliveries) needs the question to name it.
  const missing = reading.list.filters.filter((filter) => !filter.nullable && plan.arguments[filter.name] === undefined).map((filter) => words(filter.name));
  if (missing.length > 0) {
    return refuse('unanswerable', `The ${words(reading.list.field)} are read for one ${missing.join(' and ')}: name ${missing.length > 1 ? 'them' : 'it'} in the question.`, context);
  }
  return { status: 'planned', plan, confidence, interpretation: interpret(reading, plan, mentions) };
}

const FUNCTION_WORDS = new Set(['PUNCT', 'SYM', 'DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'AUX', 'PRON']);

/** Whether a token carries meaning the plan must account for (a name, a noun, a verb, a number…). */
function isContent(token: Token): boolean {
  if (token.mention) return true;
  return !FUNCTION_WORDS.has(token.pos) && !FILLER.has(token.lower) && !FILLER.has(token.lemma) && /[a-z0-9]/i.test(token.text);
}

/** The write a question asks for, if it opens with an imperative that changes data. */
function asksForChange(tokens: Token[], catalogues: CatalogueList[]): string | undefined {
  let index = 0;
  const text = tokens.map((token) => token.lower).join(' ');
  for (const opening of REQUEST_OPENINGS) {
    if (text.startsWith(`${opening} `)) {
      index = phraseWords(opening).length;
      break;
    }
  }
  const first = tokens[index];
  if (!first || first.mention) return undefined;
  // A command is a verb's base form ("cancel", not "cancelled")…
  if (!WRITE_VERBS.has(first.lower)) return undefined;
  // …that does not open a noun phrase ("purchase orders", "sync jobs", "void invoices", "orders of Acme").
  const next = tokens[index + 1];
  if (first.lower !== first.lemma || (next && !next.mention && (catalogues.some((list) => isListWord(next, list)) || /^(by|of|for|with|from|in|per|that|which|where|are|is|were|was)$/.test(next.lower)))) return undefined;
  if (catalogues.some((list) => listWords(list).some((phrase) => phraseWords(phrase).length > 1 && matchAt(tokens, index, phrase) !== -1))) return undefined;
  return first.text;
}

type ListChoice =
  | { status: 'chosen'; list: CatalogueList; arguments: Record<string, unknown> }
  | { status: 'ambiguous' | 'unanswerable'; reason: string; candidates: string[] };

/**
 * The list a question is about: each list scores the words it understands (its own name counts
 * most, then its fields, enum values and filters, then the tenant's records it can filter by).
 * The best score wins; two best lists, or none, are not guessed between.
 */
function chooseList(tokens: Token[], catalogue: Catalogue): ListChoice {
  const found = findPhrases(tokens, [...LIST_PHRASES.filter((phrase) => listOf(catalogue, phrase.list)), ...catalogue.lists.flatMap((list) => listWords(list).map((phrase) => ({ words: phrase, list: list.field, arguments: {} })))]);
  // A list named after "per"/"each"/"by" is what the answer is grouped by, not what it counts.
  // "By" groups after a noun ("stock by warehouse"), names an agent after a verb ("created by sync jobs").
  const isGrouping = (match: (typeof found)[number]) => {
    const before = tokens[match.from - 1];
    return /^(per|each|every)$/.test(before?.lower ?? '') || (before?.lower === 'by' && tokens[match.from - 2]?.pos !== 'VERB' && tokens[match.from - 2]?.pos !== 'AUX');
  };
  // A list word beside a name of that list classifies the name ("the Hamburg warehouse", "customer Acme").
  const classifies = (match: (typeof found)[number]) => [tokens[match.from - 1], tokens[match.to]].some((token) => token?.mention && token.mention.kind !== 'unknown_code' && token.mention.term.list === match.entry.list);
  // A gerund is no list ("running low" is not about runs).
  const named = found.filter((match) => !isGrouping(match) && !classifies(match) && !(match.to - match.from === 1 && (tokens[match.from] as Token).lower.endsWith('ing')));
  const scores = catalogue.lists.map((list) => {
    const own = named.filter((match) => match.entry.list === list.field);
    let score = own.reduce((sum, match) => sum + 3 * (match.to - match.from), 0);
    // Names of other lists this one refers to ("invoices of customers") support it a little.
    score += named.filter((match) => match.entry.list !== list.field && list.fields.some((field) => referencedList(catalogue, field.name)?.field === match.entry.list && !field.name.includes('.'))).length * 0.5;
    const free = tokens.filter((_, index) => !found.some((match) => index >= match.from && index < match.to));
    // A field of the record counts more than one of a record it links to (`order.total` of an event).
    score += findPhrases(cloneFree(tokens, free), fieldPhrases(list)).reduce((sum, match) => sum + (match.to - match.from) * (match.entry.field.name.includes('.') ? 0.4 : 0.8), 0);
    score += enumMatches(cloneFree(tokens, free), list).length;
    score += booleanMatches(cloneFree(tokens, free), list).length;
    const understood = score;
    // The tenant's names support a list that can filter by them, but never choose one alone.
    score += tokens.filter((token) => token.mention && mentionApplies(token.mention, list, catalogue)).length * 0.5;
    const ownRecords = tokens.filter((token) => token.mention && token.mention.kind !== 'unknown_code' && token.mention.term.list === list.field).length;
    return { list, understood, score, ownRecords, own: own.length > 0, first: own[0]?.from ?? Number.MAX_SAFE_INTEGER, arguments: Object.assign({}, ...own.map((match) => match.entry.arguments)) as Record<string, unknown> };
  });
  // Only lists the question's words fit compete; when none does, the list of the records it names
  // ("How much of SKU-1001 is in each warehouse?" is about that item).
  const anyUnderstood = scores.some((entry) => entry.understood > 0);
  for (const entry of scores) entry.score = anyUnderstood ? (entry.understood > 0 ? entry.score : 0) : entry.ownRecords;
  // Equal scores: the list named first is the subject ("orders by customer").
  scores.sort((a, b) => b.score - a.score || a.first - b.first);
  const [best, second] = scores;
  if (!best || best.score === 0) {
    return { status: 'unanswerable', reason: 'The question names nothing the copilot can read (no list of records, field or name of your data).', candidates: [] };
  }
  if (second && second.score === best.score && !(best.own && !second.own) && !(best.own && second.own && best.first < second.first)) {
    const tied = scores.filter((entry) => entry.score === best.score).map((entry) => entry.list.field);
    return { status: 'ambiguous', reason: `The question fits ${tied.slice(0, -1).map(words).join(', ')} and ${words(tied.at(-1) as string)} equally; say which you mean.`, candidates: tied };
  }
  for (const match of [...named.filter((entry) => entry.entry.list === best.list.field), ...found.filter(classifies)]) consume(tokens, match.from, match.to);
  return { status: 'chosen', list: best.list, arguments: best.arguments };
}

/** Tokens with those not in `free` marked consumed, for scoring without touching the question's tokens. */
function cloneFree(tokens: Token[], free: Token[]): Token[] {
  const freeSet = new Set(free);
  return tokens.map((token) => ({ ...token, consumed: token.consumed || !freeSet.has(token) }));
}

function mentionApplies(mention: Mention, list: CatalogueList, catalogue: Catalogue): boolean {
  return mention.kind !== 'unknown_code' && referenceFor(list, mention.term, catalogue) !== undefined;
}

/** How `list` is filtered by a term: its own field, an argument or a field referring to the term's list. */
function referenceFor(list: CatalogueList, term: VocabularyTerm, catalogue: Catalogue): { argument?: string; field?: string } | undefined {
  if (term.list === list.field) {
    if (list.filters.some((filter) => filter.name === term.field)) return { argument: term.field };
    return fieldOf(list, term.field) ? { field: term.field } : undefined;
  }
  if (term.field !== 'id') return undefined;
  const argument = list.filters.find((filter) => referencedList(catalogue, filter.name)?.field === term.list);
  if (argument) return { argument: argument.name };
  const fields = list.fields.filter((field) => referencedList(catalogue, field.name)?.field === term.list);
  const field = fields.find((candidate) => !candidate.name.includes('.')) ?? fields[0];
  return field ? { field: field.name } : undefined;
}

function readMentions(tokens: Token[], reading: Reading, catalogue: Catalogue): void {
  const byField = new Map<string, { values: string[]; argument?: string; field?: string; negated: boolean }>();
  tokens.forEach((token, index) => {
    const mention = token.mention;
    if (!mention || mention.kind === 'unknown_code') return;
    const reference = referenceFor(reading.list, mention.term, catalogue);
    if (!reference) return;
    token.consumed = true;
    const key = reference.argument ?? reference.field ?? '';
    const entry = byField.get(key) ?? { ...reference, values: [], negated: isNegated(tokens, index) };
    entry.values.push(mention.term.value);
    byField.set(key, entry);
  });
  for (const entry of byField.values()) {
    const values = [...new Set(entry.values)];
    if (entry.argument && values.length === 1 && !entry.negated) reading.arguments[entry.argument] = values[0];
    else {
      const field = entry.field ?? entry.argument ?? '';
      if (!fieldOf(reading.list, field)) continue;
      if (entry.negated) for (const value of values) reading.where.push({ field, op: 'ne', value });
      else reading.where.push(values.length === 1 ? { field, op: 'eq', value: values[0] } : { field, op: 'in', value: values });
    }
  }
}

function dateFieldsOf(list: CatalogueList): CatalogueField[] {
  return list.fields.filter((field) => (field.type === 'datetime' || field.type === 'date') && !field.name.includes('.'));
}

/** The list's main time: the one its `…_after` argument filters, else `created_at`. */
function defaultDateField(list: CatalogueList): CatalogueField | undefined {
  const after = list.filters.find((filter) => filter.name.endsWith('_after'));
  const stem = after?.name.slice(0, -'_after'.length);
  return (stem && (fieldOf(list, `${stem}_at`) ?? undefined)) || fieldOf(list, 'created_at') || fieldOf(list, 'occurred_at') || dateFieldsOf(list)[0];
}

/** The time field a verb names: `fulfilled` → `fulfilled_at`, `placed` → `created_at`. */
function dateFieldNamed(list: CatalogueList, token: Token): CatalogueField | undefined {
  for (const field of dateFieldsOf(list)) {
    const stem = field.name.replace(/_(at|date)$/, '');
    if (field.name === 'updated_at' || field.name === 'last_synced_at') continue;
    const stemWords = phraseWords(words(stem));
    if ((stemWords.length === 1 && sameWord(token, stemWords[0] as Word)) || (DATE_VERBS[field.name] ?? []).includes(token.lemma)) return field;
  }
  return undefined;
}

function readDates(tokens: Token[], dates: DateRange[], reading: Reading): void {
  const { list } = reading;
  for (const range of dates) {
    const covered = tokens.filter((token) => token.start >= range.start && token.end <= range.start + range.text.length + 1);
    const first = covered.length > 0 ? tokens.indexOf(covered[0] as Token) : tokens.findIndex((token) => token.start >= range.start);
    // The verb before the date ("fulfilled last week", "due before 1 May") says which time it is.
    let field: CatalogueField | undefined;
    for (let back = first - 1; back >= Math.max(0, first - 6) && !field; back--) {
      field = dateFieldNamed(list, tokens[back] as Token);
      // The verb names the time ("invoices issued since March": whatever their status now).
      if (field) (tokens[back] as Token).consumed = true;
    }
    field ??= defaultDateField(list);
    if (!field) continue;
    for (const token of covered) token.consumed = true;
    const before = tokens[first - 1];
    if (before && /^(since|after|before|until|till|from|in|on|during|between|within|older|newer|by)$/.test(before.lower)) before.consumed = true;
    const stem = field.name.replace(/_(at|date)$/, '');
    const fromArgument = list.filters.find((filter) => filter.name === `${stem}_after`);
    const toArgument = list.filters.find((filter) => filter.name === `${stem}_before`);
    const value = (date: Date) => (field.type === 'date' ? date.toISOString().slice(0, 10) : date.toISOString());
    // A date field's bounds are dates (`due_before: "2026-12-01"`), an instant's are instants.
    if (range.from) {
      if (fromArgument) reading.arguments[fromArgument.name] = value(range.from);
      else reading.where.push({ field: field.name, op: 'gte', value: value(range.from) });
    }
    if (range.to) {
      if (toArgument) reading.arguments[toArgument.name] = value(range.to);
      else reading.where.push({ field: field.name, op: 'lt', value: value(range.to) });
    }
    reading.notes.push(`${field.name} ${range.text}`);
  }
}

function numberAt(token: Token | undefined): number | undefined {
  if (!token || token.consumed) return undefined;
  if (/^\d[\d,]*(\.\d+)?$/.test(token.text)) return Number(token.text.replaceAll(',', ''));
  return SMALL_NUMBERS[token.lower];
}

function currencyAt(token: Token | undefined): string | undefined {
  if (!token) return undefined;
  if (ISO_CURRENCIES.has(token.text.toUpperCase()) && /^[A-Za-z]{3}$/.test(token.text) && (token.text === token.text.toUpperCase() || token.lower === 'eur' || token.lower === 'usd')) return token.text.toUpperCase();
  return CURRENCY_WORDS[token.lower];
}

function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The numeric field a question measures with when it names none: money first, then quantities. */
function defaultMeasure(list: CatalogueList): CatalogueField | undefined {
  const numeric = list.fields.filter((field) => field.type === 'money' || field.type === 'integer' || field.type === 'number');
  const own = numeric.filter((field) => !field.name.includes('.'));
  return (
    own.find((field) => field.type === 'money' && field.name === 'total') ??
    own.find((field) => field.type === 'money') ??
    own.find((field) => field.name.includes('quantity')) ??
    own.find((field) => !field.name.endsWith('version') && field.name !== 'chain_depth')
  );
}

/** The field named by the phrase at `index` (or starting there), if any. */
function fieldAt(tokens: Token[], index: number, list: CatalogueList, types?: ReadonlySet<string>): { field: CatalogueField; to: number } | undefined {
  const phrases = fieldPhrases(list)
    .filter((phrase) => !types || types.has(phrase.field.type))
    .sort((a, b) => phraseWords(b.words).length - phraseWords(a.words).length || isContainer(a.field) - isContainer(b.field) || a.field.name.split('.').length - b.field.name.split('.').length);
  for (const phrase of phrases) {
    const to = matchAt(tokens, index, phrase.words);
    if (to !== -1) return { field: phrase.field, to };
  }
  return undefined;
}

const NUMERIC = new Set(['integer', 'number', 'money']);
const ORDERABLE = new Set(['integer', 'number', 'money', 'datetime', 'date', 'string', 'id', 'enum']);

function isContainer(field: CatalogueField): number {
  return field.type === 'list' || field.type === 'object' ? 1 : 0;
}

/** "more than 100 units", "total over 500 EUR", "with a quantity of at least 20". */
function readComparisons(tokens: Token[], reading: Reading): void {
  const { list } = reading;
  for (const { entry, from, to } of findPhrases(tokens, COMPARATORS)) {
    let cursor = to;
    let currency = currencyAt(tokens[cursor]);
    if (currency) cursor++;
    const value = numberAt(tokens[cursor]);
    if (value === undefined) continue;
    let end = cursor + 1;
    currency ??= currencyAt(tokens[end]);
    if (currencyAt(tokens[end])) end++;
    // The field: named after the number ("100 units"), or before the comparator ("total over 500").
    let field = fieldAt(tokens, end, list, NUMERIC);
    if (field) end = field.to;
    let fieldStart = -1;
    if (!field) {
      for (let back = from - 1; back >= Math.max(0, from - 4) && !field; back--) {
        const found = fieldAt(tokens, back, list, NUMERIC);
        if (found && found.to <= from) {
          field = found;
          fieldStart = back;
        }
      }
    }
    const measured = field?.field ?? (currency ? list.fields.find((candidate) => candidate.type === 'money' && candidate.name === defaultMeasure(list)?.name) : defaultMeasure(list));
    if (!measured) continue;
    const op = tokens[end]?.lower === 'or' && /^(more|less|fewer|above|below)$/.test(tokens[end + 1]?.lower ?? '') ? (entry.op === 'gt' ? 'gte' : 'lte') : entry.op;
    const amount = measured.type === 'money' ? Math.round(value * 10 ** fractionDigits(currency ?? 'EUR')) : value;
    reading.where.push({ field: measured.name, op, value: amount });
    if (currency && measured.type === 'money') {
      const currencyField = currencyFieldIn(new Set(list.fields.map((candidate) => candidate.name)), measured.name);
      if (currencyField) reading.where.push({ field: currencyField, op: 'eq', value: currency });
    }
    consume(tokens, fieldStart === -1 ? from : fieldStart, Math.max(end, fieldStart === -1 ? end : from));
    consume(tokens, from, end);
    if (!reading.select.includes(measured.name)) reading.select.push(measured.name);
  }
  // "Exactly 0 units", "with 0 stock": a number followed by a field is an equality.
  for (let index = 0; index < tokens.length; index++) {
    const value = numberAt(tokens[index]);
    if (value === undefined || !(tokens[index - 1] && /^(with|has|have|having)$/.test((tokens[index - 1] as Token).lower))) continue;
    const field = fieldAt(tokens, index + 1, list, NUMERIC);
    if (!field) continue;
    reading.where.push({ field: field.field.name, op: 'eq', value: field.field.type === 'money' ? Math.round(value * 100) : value });
    consume(tokens, index - 1, field.to);
  }
}

/** A currency named outside an amount ("customers in USD", "EUR invoices"): the record's currency. */
function readCurrencies(tokens: Token[], reading: Reading): void {
  const field = fieldOf(reading.list, 'currency');
  if (!field) return;
  const named = tokens.filter((token) => !token.consumed && !token.mention && /^[A-Z]{3}$/.test(token.text) && ISO_CURRENCIES.has(token.text));
  const values = [...new Set(named.map((token) => token.text))];
  if (values.length === 0 || reading.where.some((condition) => condition.field === field.name)) return;
  for (const token of named) token.consumed = true;
  if (reading.list.filters.some((filter) => filter.name === field.name) && values.length === 1) reading.arguments[field.name] = values[0];
  else reading.where.push(values.length === 1 ? { field: field.name, op: 'eq', value: values[0] } : { field: field.name, op: 'in', value: values });
}

/** "per warehouse", "by status", "for each customer", "broken down by currency". */
function readGrouping(tokens: Token[], reading: Reading, catalogue: Catalogue): void {
  const { list } = reading;
  const markers = findPhrases(tokens, [{ words: 'per' }, { words: 'for each' }, { words: 'for every' }, { words: 'each' }, { words: 'grouped by' }, { words: 'group by' }, { words: 'broken down by' }, { words: 'breakdown by' }, { words: 'split by' }, { words: 'by' }, { words: 'in each' }]);
  for (const { entry, from, to } of markers) {
    if (entry.words === 'by' && isSortContext(tokens, from)) continue;
    const target = groupTarget(tokens, to, list, catalogue);
    if (!target) continue;
    reading.groupBy.push(target.field);
    consume(tokens, from, target.to);
  }
}

/** "top 5 customers by open balance", "sorted by total": a `by` that orders rather than groups. */
function isSortContext(tokens: Token[], index: number): boolean {
  if (/^(sorted|ordered|ranked|sort|order|rank)$/.test(tokens[index - 1]?.lower ?? '')) return true;
  for (let back = index - 1; back >= 0; back--) {
    const token = tokens[back] as Token;
    if (token.lower in SUPERLATIVES && token.lower !== 'first' && token.lower !== 'last') return true;
    if (token.lower === 'per' || token.lower === 'each') return false;
  }
  return false;
}

/** What a grouping phrase names: a field, or another list (grouped by the field referring to it). */
function groupTarget(tokens: Token[], index: number, list: CatalogueList, catalogue: Catalogue): { field: string; to: number } | undefined {
  let start = index;
  while (tokens[start] && DETERMINERS.has((tokens[start] as Token).lower)) start++;
  const groupable = new Set(['string', 'id', 'enum', 'boolean', 'date', 'integer']);
  for (const other of catalogue.lists) {
    for (const phrase of listWords(other)) {
      const to = matchAt(tokens, start, phrase);
      if (to === -1) continue;
      const fields = list.fields.filter((field) => referencedList(catalogue, field.name)?.field === other.field);
      const field = preferColocated(list, fields, tokens);
      if (field) return { field: field.name, to };
    }
  }
  const named = fieldAt(tokens, start, list, groupable);
  return named ? { field: named.field.name, to: named.to } : undefined;
}

/**
 * Of several fields naming the same thing (`warehouse_id`, `stock_levels.warehouse_id`), the one
 * beside the quantity the question measures ("stock per warehouse": the levels' warehouses), else
 * the record's own.
 */
function preferColocated(list: CatalogueList, fields: CatalogueField[], tokens: Token[]): CatalogueField | undefined {
  const measured = tokens.flatMap((token, index) => {
    const found = fieldAt(tokens, index, list, NUMERIC);
    // "How much … per warehouse" measures the list's own quantity.
    const named = found?.field ?? (token.lower === 'much' ? defaultMeasure(list) : undefined);
    return named ? [named.name.split('.').at(-1) as string] : [];
  });
  const nested = fields.find((field) => {
    const prefix = listPrefixOf(list, field.name);
    return prefix && measured.some((name) => fieldOf(list, `${prefix}.${name}`));
  });
  return nested ?? fields.find((field) => !field.name.includes('.')) ?? fields[0];
}

/** "top 5 … by …", "the 3 largest …", "oldest …", "sorted by total descending", "first 10". */
function readOrdering(tokens: Token[], reading: Reading): void {
  const { list } = reading;
  tokens.forEach((token, index) => {
    if (token.consumed || token.mention) return;
    const superlative = SUPERLATIVES[token.lower];
    const isSortWord = /^(sorted|ordered|ranked|sort|order|rank)$/.test(token.lower) && tokens[index + 1]?.lower === 'by';
    if (!superlative && !isSortWord) return;
    if (superlative && token.lower === 'most' && tokens[index + 1]?.lower === 'recent') return;
    if (superlative?.kind === 'time' && (token.lower === 'last' || token.lower === 'first') && !(numberAt(tokens[index + 1]) !== undefined || isListWord(tokens[index + 1], list))) return;
    // Understood only once it is known what it orders by (below): "the biggest customer" by what?
    const free = tokens.filter((candidate) => !candidate.consumed);
    token.consumed = true;
    // A number before or after: "top 5", "5 largest", "the 3 most recent".
    let limit: number | undefined;
    // "top 5", "5 largest", "the 3 most recent", or a number before the records ("which 5 customers owe the most").
    const counted = tokens.findIndex((candidate, position) => numberAt(candidate) !== undefined && isListWord(tokens[position + 1], list));
    for (const neighbour of [index + 1, index - 1, index - 2, ...(counted === -1 ? [] : [counted])]) {
      const value = numberAt(tokens[neighbour]);
      if (value !== undefined && Number.isInteger(value)) {
        limit = value;
        (tokens[neighbour] as Token).consumed = true;
        break;
      }
    }
    if (tokens[index - 1]?.lower === 'most') (tokens[index - 1] as Token).consumed = true;
    let direction = superlative?.direction ?? 'asc';
    let field: CatalogueField | undefined;
    // The field: after "by" ("top 5 customers by open balance"), or right after the word ("highest stock").
    const by = tokens.findIndex((candidate, position) => position > index && candidate.lower === 'by' && !candidate.consumed);
    if (by !== -1) {
      const found = fieldAt(tokens, by + 1, list, ORDERABLE) ?? (tokens[by + 1] && DETERMINERS.has((tokens[by + 1] as Token).lower) ? fieldAt(tokens, by + 2, list, ORDERABLE) : undefined);
      if (found) {
        field = found.field;
        consume(tokens, by, found.to);
      }
    }
    if (!field && superlative) {
      // Named after the word ("highest stock"), else before it ("customers who owe us the most").
      for (const near of [1, 2, 3, 4, -1, -2, -3, -4]) {
        const found: { field: CatalogueField; to: number } | undefined = field ? undefined : fieldAt(tokens, index + near, list, superlative.kind === 'time' ? new Set(['datetime', 'date']) : NUMERIC);
        if (found) {
          field = found.field;
          consume(tokens, index + near, found.to);
        }
      }
    }
    if (!superlative) direction = 'asc';
    for (const later of tokens.slice(index)) {
      if (/^(descending|desc|decreasing)$/.test(later.lower) || /^descend/.test(later.lemma)) {
        direction = 'desc';
        later.consumed = true;
      } else if (/^(ascending|asc|increasing)$/.test(later.lower) || /^ascend/.test(later.lemma)) {
        direction = 'asc';
        later.consumed = true;
      }
    }
    field ??= superlative?.kind === 'time' ? defaultDateField(list) : defaultMeasure(list);
    if (!field) {
      for (const candidate of free) candidate.consumed = false;
      return;
    }
    // "What is the highest stock?" asks for a number; "which item has the highest stock" for records.
    const asksValue = superlative && limit === undefined && !isSortWord && !tokens.some((candidate) => candidate.lower === 'which' || candidate.lower === 'who' || isListWord(candidate, list)) && NUMERIC.has(field.type);
    if (asksValue) {
      reading.aggregate = { function: direction === 'desc' ? 'max' : 'min', field: field.name };
      return;
    }
    reading.order = { field: field.name, direction };
    // Without a number: "top"/"bottom" show a few; "the oldest order" (a singular noun) one.
    if (superlative) reading.limit = limit ?? (token.lower === 'top' || token.lower === 'bottom' || namesPlural(tokens, list) ? DEFAULT_TOP : 1);
    if (!reading.select.includes(field.name)) reading.select.push(field.name);
  });
  // "first 10 orders", "10 orders": a bare count of records to show.
  if (reading.limit === undefined) {
    tokens.forEach((token, index) => {
      const value = numberAt(token);
      if (value === undefined || !Number.isInteger(value) || !isListWord(tokens[index + 1], list)) return;
      if (/^(show|list|give|display|get)$/.test(tokens[index - 1]?.lower ?? '') || tokens[index - 1]?.lower === 'first' || index === 0) {
        reading.limit = value;
        token.consumed = true;
      }
    });
  }
}

/** Whether the question names its records in the plural ("orders", "SKUs"). */
function namesPlural(tokens: Token[], list: CatalogueList): boolean {
  const head = tokens.filter((token) => isListWord(token, list)).at(-1);
  return !!head && head.lower !== head.lemma && head.lower.endsWith('s');
}

function isListWord(token: Token | undefined, list: CatalogueList): boolean {
  return !!token && listWords(list).some((phrase) => phraseWords(phrase).length === 1 && sameWord(token, phraseWords(phrase)[0] as Word));
}

/** "how many", "total value of", "average stock", "how much do customers owe". */
function readAggregate(tokens: Token[], reading: Reading): void {
  const { list } = reading;
  for (const { entry, from, to } of findPhrases(tokens, AGGREGATE_WORDS)) {
    if (reading.aggregate && reading.aggregate.function !== 'count') break;
    if (entry.fn === 'count') {
      if (reading.aggregate) continue;
      // "How many units": the units are summed, not counted.
      const units = fieldAt(tokens, to, list, NUMERIC);
      reading.aggregate = units ? { function: 'sum', field: units.field.name } : { function: 'count' };
      consume(tokens, from, units?.to ?? to);
      continue;
    }
    // "total": the sum of the field named next, or of the list's measure; "the total of orders" too.
    let field: CatalogueField | undefined;
    let end = to;
    for (let ahead = to; ahead <= to + 3 && !field; ahead++) {
      const found = fieldAt(tokens, ahead, list, NUMERIC);
      if (found) {
        field = found.field;
        end = found.to;
      }
    }
    if (!field) {
      for (let back = from - 1; back >= Math.max(0, from - 3) && !field; back--) field = fieldAt(tokens, back, list, NUMERIC)?.field;
    }
    if (!field && entry.words === 'how much') {
      field = tokens.map((_, index) => fieldAt(tokens, index, list, NUMERIC)).find((found) => found !== undefined)?.field;
    }
    field ??= defaultMeasure(list);
    if (!field || (entry.words === 'total' && tokens[to]?.lower === 'number')) continue;
    reading.aggregate = { function: entry.fn, field: field.name };
    consume(tokens, from, end);
    if (entry.words === 'how much') for (const token of tokens) if (fieldAt([token], 0, list, NUMERIC)) token.consumed = true;
  }
}

function booleanMatches(tokens: Token[], list: CatalogueList): Array<{ entry: { words: string; argument: string; value: boolean }; from: number; to: number }> {
  const phrases = list.filters
    .filter((filter) => filter.type === 'boolean')
    .flatMap((filter) => [...(BOOLEAN_SYNONYMS[filter.name] ?? []).map((synonym) => ({ ...synonym, argument: filter.name })), { words: words(filter.name), value: true, argument: filter.name }]);
  return findPhrases(tokens, phrases.filter((phrase) => phraseWords(phrase.words).length === 1)).concat(findPhrases(tokens, phrases.filter((phrase) => phraseWords(phrase.words).length > 1), true));
}

function readBooleans(tokens: Token[], reading: Reading): void {
  for (const { entry, from, to } of booleanMatches(tokens, reading.list)) {
    const negated = isNegated(tokens, from);
    reading.arguments[entry.argument] = negated ? !entry.value : entry.value;
    consume(tokens, Math.max(0, from - (negated ? 1 : 0)), to);
    reading.notes.push(`${entry.argument} ${negated ? !entry.value : entry.value}`);
  }
}

interface EnumMatch {
  words: string;
  field: CatalogueField;
  value: string;
  negated: boolean;
}

function enumMatches(tokens: Token[], list: CatalogueList): Array<{ entry: EnumMatch; from: number; to: number }> {
  const enumFields = [...list.filters.filter((filter) => filter.type === 'enum'), ...list.fields.filter((field) => field.type === 'enum' && !field.name.includes('.') && !list.filters.some((filter) => filter.name === field.name))];
  const phrases: EnumMatch[] = [];
  for (const field of enumFields) {
    for (const value of field.enumValues ?? []) phrases.push({ words: words(value), field, value, negated: false });
  }
  for (const synonym of ENUM_SYNONYMS) {
    const wanted = synonym.values.map((value) => value.replace(/^!/, ''));
    const field = enumFields.find((candidate) => wanted.every((value) => candidate.enumValues?.includes(value)));
    if (!field) continue;
    for (const phrase of synonym.words) for (const value of synonym.values) phrases.push({ words: phrase, field, value: value.replace(/^!/, ''), negated: value.startsWith('!') });
  }
  return findPhrases(tokens, phrases);
}

/** Enum values named by the question ("fulfilled", "draft or confirmed", "not cancelled", "unpaid"). */
function readEnums(tokens: Token[], reading: Reading): void {
  const found = enumMatches(tokens, reading.list);
  // Synonyms with several values ("open": draft or confirmed) arrive as several matches of one phrase.
  const byField = new Map<string, { field: CatalogueField; values: Set<string>; negated: boolean }>();
  for (const { entry, from, to } of found) {
    const negated = entry.negated !== isNegated(tokens, from);
    const key = `${entry.field.name}:${negated}`;
    const group = byField.get(key) ?? { field: entry.field, values: new Set<string>(), negated };
    group.values.add(entry.value);
    for (const synonym of ENUM_SYNONYMS) {
      if (synonym.words.includes(entry.words)) {
        const values = synonym.values.filter((value) => entry.field.enumValues?.includes(value.replace(/^!/, '')));
        if (values.length === synonym.values.length) for (const value of values) group.values.add(value.replace(/^!/, ''));
        if (values.length === synonym.values.length) break;
      }
    }
    byField.set(key, group);
    consume(tokens, Math.max(0, from - (isNegated(tokens, from) ? 1 : 0)), to);
    for (let back = from - 1; back >= Math.max(0, from - 3); back--) if (NEGATIONS.has((tokens[back] as Token).lower) || NEGATIONS.has((tokens[back] as Token).lemma)) (tokens[back] as Token).consumed = true;
  }
  for (const { field, values, negated } of byField.values()) {
    const list = [...values];
    const isArgument = reading.list.filters.some((filter) => filter.name === field.name);
    if (!negated && list.length === 1 && isArgument && reading.arguments[field.name] === undefined) reading.arguments[field.name] = list[0];
    else if (negated) for (const value of list) reading.where.push({ field: field.name, op: 'ne', value });
    else reading.where.push(list.length === 1 ? { field: field.name, op: 'eq', value: list[0] } : { field: field.name, op: 'in', value: list });
    reading.notes.push(`${field.name} ${negated ? 'not ' : ''}${list.join(' or ')}`);
  }
}

/** Names of other lists left in the question: "customers with overdue invoices" (invoices per customer). */
function readListWords(tokens: Token[], reading: Reading, catalogue: Catalogue): void {
  for (const other of catalogue.lists) {
    if (other.field === reading.list.field) continue;
    for (const phrase of listWords(other)) {
      for (let index = 0; index < tokens.length; index++) {
        const to = matchAt(tokens, index, phrase);
        if (to === -1) continue;
        const fields = reading.list.fields.filter((field) => referencedList(catalogue, field.name)?.field === other.field && !field.name.includes('.'));
        const field = fields[0];
        if (!field) continue;
        consume(tokens, index, to);
        if (!reading.groupBy.includes(field.name) && !reading.where.some((condition) => condition.field === field.name) && reading.arguments[field.name] === undefined && /^(which|what|who)$/.test(tokens[index - 1]?.lower ?? tokens[0]?.lower ?? '')) {
          reading.groupBy.push(field.name);
          reading.aggregate ??= { function: 'count' };
        } else if (!reading.select.includes(field.name)) {
          reading.select.push(field.name);
        }
      }
    }
  }
}

/** Fields the question still names: shown ("with their reorder point"), or required ("with an open balance"). */
function readFields(tokens: Token[], reading: Reading): void {
  for (let index = 0; index < tokens.length; index++) {
    const found = fieldAt(tokens, index, reading.list);
    if (!found) continue;
    const { field } = found;
    const before = tokens[index - 1]?.lower;
    if ((before === 'with' || before === 'having' || before === 'without') && (field.type === 'list' || field.nullable)) {
      reading.where.push({ field: field.name, op: before === 'without' ? 'is_null' : 'not_null' });
      (tokens[index - 1] as Token).consumed = true;
    }
    if (field.type !== 'list' && field.type !== 'object' && !reading.select.includes(field.name)) reading.select.push(field.name);
    consume(tokens, index, found.to);
    index = found.to - 1;
  }
}

function finishPlan(reading: Reading): QueryPlan {
  const { list } = reading;
  const plan: QueryPlan = { list: list.field, arguments: reading.arguments, where: reading.where, select: [] };
  const groupBy = [...new Set(reading.groupBy)];
  if (groupBy.length > 0) {
    plan.group_by = groupBy;
    // "Stock per warehouse": a quantity named beside a grouping is summed per group.
    const measured = reading.select.map((name) => fieldOf(list, name)).find((field) => field && NUMERIC.has(field.type));
    plan.aggregate = reading.aggregate ?? (measured ? { function: 'sum', field: measured.name } : { function: 'count' });
    // Grouped by a field of the record's sub-list (`stock_levels.warehouse_id`), the quantity is that sub-list's too.
    const prefix = groupBy.map((name) => listPrefixOf(list, name)).find(Boolean);
    const aggregated = plan.aggregate.field;
    if (prefix && aggregated && !aggregated.includes('.') && fieldOf(list, `${prefix}.${aggregated}`)) plan.aggregate = { ...plan.aggregate, field: `${prefix}.${aggregated}` };
    if (reading.order) plan.order_by = groupBy.includes(reading.order.field) ? reading.order : { field: 'value', direction: reading.order.direction };
    if (reading.limit !== undefined) plan.limit = Math.min(reading.limit, MAX_PLAN_LIMIT);
    return plan;
  }
  if (reading.aggregate) {
    plan.aggregate = reading.aggregate;
    return plan;
  }
  const shown = [...defaultSelectionOf(list), ...reading.select.filter((name) => {
    const field = fieldOf(list, name);
    return field && field.type !== 'list' && field.type !== 'object';
  })];
  plan.select = [...new Set(shown)];
  if (reading.order) plan.order_by = reading.order;
  if (reading.limit !== undefined) plan.limit = Math.min(Math.max(1, reading.limit), MAX_PLAN_LIMIT);
  // A list-valued field shown beside another list's fields would unwind twice: keep one list.
  const prefixes = new Set(plan.select.map((name) => listPrefixOf(list, name)).filter(Boolean));
  if (prefixes.size > 1) {
    const keep = [...prefixes][0];
    plan.select = plan.select.filter((name) => !listPrefixOf(list, name) || listPrefixOf(list, name) === keep);
  }
  return plan;
}

function interpret(reading: Reading, plan: QueryPlan, mentions: Map<string, Mention>): string {
  const names = new Map([...mentions.values()].flatMap((mention) => (mention.kind === 'unknown_code' ? [] : [[mention.term.value, mention.text] as const])));
  const show = (value: unknown) => (typeof value === 'string' && names.has(value) ? `${names.get(value)}` : JSON.stringify(value));
  const conditions = [
    ...Object.entries(plan.arguments).map(([name, value]) => `${name} = ${show(value)}`),
    ...plan.where.map((condition) => `${condition.field} ${condition.op.replace('_', ' ')}${condition.value === undefined ? '' : ` ${show(condition.value)}`}`),
  ];
  const subject = words(reading.list.field);
  const head = plan.aggregate
    ? plan.aggregate.function === 'count'
      ? `Number of ${subject}`
      : `${{ sum: 'Total', avg: 'Average', min: 'Lowest', max: 'Highest' }[plan.aggregate.function]} ${plan.aggregate.field} of ${subject}`
    : `${plan.limit !== undefined ? `${plan.limit} ` : ''}${subject}`;
  const parts = [head, conditions.length > 0 ? `where ${conditions.join(', ')}` : '', plan.group_by?.length ? `per ${plan.group_by.join(', ')}` : '', plan.order_by ? `ordered by ${plan.order_by.field} ${plan.order_by.direction === 'desc' ? 'descending' : 'ascending'}` : ''];
  return parts.filter(Boolean).join(' ');
}

// --- Refusals ------------------------------------------------------------------------------------

/** An ambiguous or unanswerable result, with questions about the candidate lists (or the usual ones) it can answer. */
function refuse(status: 'ambiguous' | 'unanswerable', reason: string, context: PlanningContext, candidates: string[] = []): PlannerResult {
  return { status, confidence: 0, reason, suggestions: suggestions(context, candidates) };
}

/** Two or three questions the parser answers, about `candidates` first, using the tenant's own names. */
export function suggestions(context: PlanningContext, candidates: string[] = []): string[] {
  const { catalogue, vocabulary } = context;
  const nameOf = (list: string) => vocabulary.terms.find((term) => term.list === list && term.phrases.length > 1)?.phrases[0];
  const templates: Array<{ list: string; question: () => string | undefined }> = [
    { list: 'inventory_items', question: () => (nameOf('warehouses') ? `Which SKUs in ${nameOf('warehouses')} are below their reorder point?` : 'Which SKUs are below their reorder point?') },
    { list: 'customers', question: () => 'Top 5 customers by open balance' },
    { list: 'invoices', question: () => 'How many invoices are overdue?' },
    { list: 'orders', question: () => 'How many sales orders were fulfilled last week?' },
    { list: 'events', question: () => 'How many events occurred today?' },
    { list: 'ledger_entries', question: () => 'How many ledger entries were posted this month?' },
    { list: 'warehouses', question: () => 'List the warehouses' },
    { list: 'stock_movements', question: () => 'How many stock movements were recorded this week?' },
    { list: 'connectors', question: () => 'List the connectors' },
    { list: 'sync_jobs', question: () => 'How many sync jobs failed?' },
    { list: 'workflows', question: () => 'Which workflows are enabled?' },
    { list: 'workflow_runs', question: () => 'How many workflow runs failed this week?' },
  ];
  const available = templates.filter((template) => listOf(catalogue, template.list));
  const ordered = [...available.filter((template) => candidates.includes(template.list)), ...available.filter((template) => !candidates.includes(template.list))];
  const fromCandidates = candidates.filter((list) => !templates.some((template) => template.list === list) && listOf(catalogue, list)).map((list) => `How many ${words(list)} are there?`);
  return [...new Set([...fromCandidates, ...ordered.map((template) => template.question()).filter((question): question is string => question !== undefined)])].slice(0, 3);
}
