/**
 * The references a markdown document makes, and which of them do not hold. The rule, stated for
 * readers in docs/architecture/README.md ("References in the docs"):
 *
 * - A relative link (`[text](target)`, `![alt](target)`, `[id]: target`) resolves, from the
 *   document's folder, to a file or folder inside the repository; an anchor on a markdown target
 *   (or a bare `#anchor`) names one of its headings by GitHub's slug rules.
 * - A repository path is a code span token, or a word of prose ending in a file extension, that
 *   starts with one of the repository's top-level folders (or `./`, `../`) and holds a `/`,
 *   optionally followed by `:line`, `:from-to` or `#anchor`. It must exist (a trailing `/` asks for
 *   a folder; `:line` must lie within the file). `{a,b}` expands; `<name>`, `*`, `**` and `…` make a
 *   pattern, which must match at least one file or folder.
 * - A link to the outside (`http:`, `https:` or any other scheme in prose or a link) must start
 *   with a prefix of `allowedExternalLinks`.
 *
 * Fenced code blocks and HTML comments are not read: they show commands and layouts, not references.
 */

/** Where a link may lead outside the repository, and why it may. */
export const allowedExternalLinks: { prefix: string; why: string }[] = [
  { prefix: 'http://127.0.0.1:', why: 'the local stack the reader starts with `npm start`' },
  { prefix: 'http://localhost:', why: 'the local stack the reader starts with `npm start`' },
  {
    prefix: 'https://docs.aws.amazon.com/',
    why: 'AWS service documentation: the quotas and behaviour of the services the stack runs on',
  },
  { prefix: 'https://github.com/Redocly/redoc', why: 'the renderer of the reference page' },
  {
    prefix: 'https://github.com/yjs/',
    why: 'Yjs and y-websocket, whose sync protocol the realtime API speaks',
  },
];

/** What the checker knows of the repository. */
export interface RepositoryView {
  /** Every file, relative to the root with `/` separators (generated files included). */
  files: ReadonlySet<string>;
  /** Every folder holding a file, the same way (no trailing `/`). */
  folders: ReadonlySet<string>;
  /** The top-level folders: a repository path starts with one of them. */
  topFolders: ReadonlySet<string>;
  /** The text of a file of `files`. */
  read(file: string): string;
}

/** A reference that does not hold, with where it stands. */
export interface ReferenceProblem {
  file: string;
  line: number;
  reference: string;
  problem: string;
}

/** The view of a repository holding `files` (relative paths, `/` separators). */
export function repositoryView(files: Iterable<string>, read: (file: string) => string): RepositoryView {
  const fileSet = new Set(files);
  const folders = new Set<string>();
  const topFolders = new Set<string>();
  for (const file of fileSet) {
    const parts = file.split('/');
    for (let end = 1; end < parts.length; end += 1) folders.add(parts.slice(0, end).join('/'));
    if (parts.length > 1) topFolders.add(parts[0]!);
  }
  return { files: fileSet, folders, topFolders, read };
}

/** Every reference of `text` (the content of `file`) that does not hold in `repository`. */
export function checkDocument(file: string, text: string, known: RepositoryView): ReferenceProblem[] {
  // Anchors into the document itself are read from the text given.
  const repository = { ...known, read: (path: string) => (path === file ? text : known.read(path)) };
  const problems: ReferenceProblem[] = [];
  const lineOf = lineNumbers(text);
  const report = (offset: number, reference: string, problem: string | undefined): void => {
    if (problem) problems.push({ file, line: lineOf(offset), reference, problem });
  };
  const folder = parentOf(file);

  let prose = blank(text, fencedBlock);
  prose = blank(prose, /<!--[\s\S]*?-->/g);
  prose = blank(prose, /~~(?!~)[^\n]+?~~/g);

  const codeSpan = /(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n)[\s\S])+?)(?<!`)\1(?!`)/g;
  for (const span of prose.matchAll(codeSpan)) {
    const content = span[2]!;
    for (const token of content.matchAll(/\S+/g)) {
      const offset = span.index + span[1]!.length + token.index;
      if (isPathToken(token[0], repository))
        report(offset, token[0], checkPath(token[0], folder, repository));
    }
  }
  prose = blank(prose, codeSpan);

  const links = [
    /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    /^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?/gm,
  ];
  for (const pattern of links) {
    for (const link of prose.matchAll(pattern)) {
      const target = link[1]!;
      const offset = link.index + link[0].indexOf(target);
      report(offset, target, hasScheme(target) ? checkExternal(target) : checkLink(target, file, repository));
    }
    prose = blank(prose, pattern);
  }

  const external = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>()[\]`]+/gi;
  for (const url of prose.matchAll(external)) report(url.index, url[0], checkExternal(url[0]));
  prose = blank(prose, external);

  const prosePath =
    /(?<![\w./@~-])(?:\.\.?\/)*[\w@~-][\w.@~-]*(?:\/[\w.@~-]+)+\.[a-z]{1,5}(?::\d+(?:-\d+)?)?(?![\w/])/g;
  for (const word of prose.matchAll(prosePath)) {
    if (isPathToken(word[0], repository)) report(word.index, word[0], checkPath(word[0], folder, repository));
  }
  return problems;
}

/** The GitHub anchors of the headings of a markdown text, in order (duplicates numbered `-1`, `-2`, ...). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = blank(text, fencedBlock);
  for (const heading of withoutFences.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** GitHub's slug of a heading's text: lower case, punctuation and symbols dropped, spaces to `-`. */
export function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** A fenced code block, from its opening fence to its closing one (or the end of the text). */
const fencedBlock = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;

const pathToken =
  /^((?:\.\.?\/)*[\w.@~{},<>*…+-]*(?:\/[\w.@~{},<>*…+-]*)+?)(?::(\d+)(?:-(\d+))?)?(?:#([\w-]+))?$/;

function isPathToken(token: string, repository: RepositoryView): boolean {
  const match = pathToken.exec(token);
  if (!match?.[1]?.includes('/')) return false;
  const path = match[1];
  // `<name>` placeholders are whole: `<name with spaces>` split into tokens is no path.
  if (/[<>]/.test(path.replace(/<[^<>/]*>/g, ''))) return false;
  if (path.startsWith('./') || path.startsWith('../')) return true;
  return repository.topFolders.has(path.slice(0, path.indexOf('/')));
}

/** Why the repository path `token` does not hold, or undefined. */
function checkPath(token: string, folder: string, repository: RepositoryView): string | undefined {
  const [, path = '', fromLine, toLine, anchor] = pathToken.exec(token) ?? [];
  const relative = path.startsWith('./') || path.startsWith('../');
  for (const expanded of expandBraces(path)) {
    const resolved = relative ? resolve(folder, expanded) : expanded;
    if (resolved === undefined) return 'leaves the repository';
    const problem = /[<>*…]|\.\.\./.test(resolved)
      ? checkPattern(resolved, repository)
      : (checkTarget(resolved, repository) ??
        checkLines(resolved, Number(toLine ?? fromLine ?? 0), repository) ??
        checkAnchor(resolved, anchor, repository));
    if (problem) return expanded === path ? problem : `${expanded}: ${problem}`;
  }
  return undefined;
}

/** Why the relative link `target` of `file` does not hold, or undefined. */
function checkLink(target: string, file: string, repository: RepositoryView): string | undefined {
  const hash = target.indexOf('#');
  const path = decodeURIComponent((hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, ''));
  const anchor = hash === -1 ? undefined : target.slice(hash + 1);
  if (path === '') return checkAnchor(file, anchor, repository);
  const resolved = path.startsWith('/') ? resolve('', path.slice(1)) : resolve(parentOf(file), path);
  if (resolved === undefined) return 'leaves the repository';
  return checkTarget(resolved, repository) ?? checkAnchor(resolved, anchor, repository);
}

function checkExternal(url: string): string | undefined {
  if (allowedExternalLinks.some(({ prefix }) => url.startsWith(prefix))) return undefined;
  return 'leads outside the repository (not on the allow-list of scripts/docs/doc-references.ts)';
}

function checkTarget(path: string, repository: RepositoryView): string | undefined {
  if (path.endsWith('/')) {
    return repository.folders.has(path.slice(0, -1)) ? undefined : 'no such folder';
  }
  if (path === '' || repository.files.has(path) || repository.folders.has(path)) return undefined;
  return 'no such file or folder';
}

function checkLines(path: string, line: number, repository: RepositoryView): string | undefined {
  if (line === 0) return undefined;
  const lines = repository.read(path).split('\n').length;
  return line <= lines ? undefined : `line ${line} is past the end (${lines} lines)`;
}

function checkAnchor(
  path: string,
  anchor: string | undefined,
  repository: RepositoryView,
): string | undefined {
  if (anchor === undefined) return undefined;
  if (!path.endsWith('.md')) return `an anchor (#${anchor}) on a file that is not markdown`;
  if (headingAnchors(repository.read(path)).has(decodeURIComponent(anchor))) return undefined;
  return `no heading with anchor #${anchor} in ${path}`;
}

function checkPattern(pattern: string, repository: RepositoryView): string | undefined {
  const wantsFolder = pattern.endsWith('/');
  const source = (wantsFolder ? pattern.slice(0, -1) : pattern)
    .split(/(<[^<>/]*>|\*\*|\*|…|\.\.\.)/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      if (part === '**' || part === '…' || part === '...') return '.*';
      return '[^/]+';
    })
    .join('');
  const matcher = new RegExp(`^${source}$`);
  const candidates = wantsFolder ? repository.folders : [...repository.files, ...repository.folders];
  for (const candidate of candidates) if (matcher.test(candidate)) return undefined;
  return 'a pattern that matches nothing';
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (nested braces expand from the inside out). */
function expandBraces(path: string): string[] {
  const brace = /\{([^{}]*,[^{}]*)\}/.exec(path);
  if (!brace) return [path];
  return brace[1]!
    .split(',')
    .flatMap((choice) =>
      expandBraces(path.slice(0, brace.index) + choice + path.slice(brace.index + brace[0].length)),
    );
}

/** `path` resolved against `folder` (both relative to the root), or undefined when it leaves the root. */
function resolve(folder: string, path: string): string | undefined {
  const parts = folder === '' ? [] : folder.split('/');
  const segments = path.split('/');
  for (const [index, segment] of segments.entries()) {
    if (segment === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (segment !== '.' && !(segment === '' && index < segments.length - 1)) {
      parts.push(segment);
    }
  }
  return parts.join('/');
}

function parentOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

function hasScheme(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** `text` with every match of `pattern` replaced by spaces, line breaks kept, so offsets stay. */
function blank(text: string, pattern: RegExp): string {
  return text.replace(pattern, (match) => match.replace(/[^\n]/g, ' '));
}

/** A function from an offset in `text` to its 1-based line number. */
function lineNumbers(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/**
 * Citations, outside code, of the API contract's sections by number (`addendum §9`, `base rule 3`,
 * `base #16`): the contract is not part of the repository, so the docs state the rule instead.
 */
export function contractCitations(file: string, text: string): ReferenceProblem[] {
  const lineOf = lineNumbers(text);
  const prose = blank(blank(text, fencedBlock), /(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n)[\s\S])+?)(?<!`)\1(?!`)/g);
  return [...prose.matchAll(/\b(?:addendum|base(?: contract)?)\s*(?:§|#|rule)\s*\d+/gi)].map((citation) => ({
    file,
    line: lineOf(citation.index),
    reference: citation[0],
    problem: 'cites a section of the contract, which is not in the repository: state the rule instead',
  }));
}
